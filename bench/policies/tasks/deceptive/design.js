// A deceptive design problem. Two families of designs share this file:
//  - DESIGN 1, the "tuned heuristic": easy to refine with small steps, but it tops out at 0.70.
//  - DESIGN 2 or more, the "staged construction": it starts far worse (about 0.26) and only
//    overtakes the heuristic once at least two of its three constants have been moved together to
//    the right region; fully tuned it reaches 1.0.
// Prints {"quality": q, "design": d} on stdout: q is higher-is-better, d says which family ran (1 or 2),
// a behavior descriptor the evaluator passes on. Run: node design.js

// EVOLVE-BLOCK-START
const DESIGN = 1; // 1 = tuned heuristic; 2 or more = staged construction
const STEP = 0.8; // heuristic: step length
const REACH = 2.0; // heuristic: look-ahead distance
const STAGES = 1.0; // construction: depth of the staging
const BLEND = 1.0; // construction: blending weight between stages
const ORDER = 1.0; // construction: order of the stage polynomial
// EVOLVE-BLOCK-END

const bump = (value, target, width) => (value > 0 ? Math.exp(-(Math.log(value / target) ** 2) / width) : 0);

const heuristic = () => 0.5 + 0.2 * bump(STEP, 1.3, 0.4) * bump(REACH, 3.2, 0.4);

const construction = () => 0.25 + 0.25 * (bump(STAGES, 2.6, 0.25) + bump(BLEND, 0.35, 0.25) + bump(ORDER, 3.3, 0.25));

const quality = DESIGN >= 2 ? construction() : heuristic();
console.log(JSON.stringify({ quality: Number(quality.toFixed(9)), design: DESIGN >= 2 ? 2 : 1 }));
