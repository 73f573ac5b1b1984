// A two-objective design whose Pareto front is known in closed form. X (clamped to [0, 1]) buys
// score at a cost of X²; Y only adds cost. score = x, cost = x² + Y²: the true front is
// cost = score² (Y = 0), and a program's distance from it is Y².
// Prints {"score": s, "cost": c}. Run: node design.js

// EVOLVE-BLOCK-START
const X = 0.5; // how much score to buy
const Y = 0.8; // waste: cost without score
// EVOLVE-BLOCK-END

const x = Math.min(1, Math.max(0, X));
console.log(JSON.stringify({ score: Number(x.toFixed(9)), cost: Number((x * x + Y * Y).toFixed(9)) }));
