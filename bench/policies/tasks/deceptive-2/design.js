// Three constants of a process to tune. Prints {"rate": r, "width": w, "depth": d} on stdout;
// evaluate.js scores them (higher is better, at most 1.0). Run: node design.js

// EVOLVE-BLOCK-START
const RATE = 0.8;
const WIDTH = 2.0;
const DEPTH = 1.5;
// EVOLVE-BLOCK-END

console.log(JSON.stringify({ rate: RATE, width: WIDTH, depth: DEPTH }));
