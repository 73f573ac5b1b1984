/** An evaluator whose feedback and, for attempt a2, failure output retitles the terminal, recolours and rings. */
export const NOISY_EVALUATOR = `const { execFileSync } = require('node:child_process');
const out = JSON.parse(execFileSync(process.execPath, ['prog.js']).toString());
const noise = '\\u001b]0;pwned\\u0007\\u001b[31mvisible-red\\u001b[0m ring\\u0007 \\u001b[2Jcleared';
if (process.env.SWARM_ATTEMPT_ID === 'a2') {
  process.stderr.write('crash: ' + noise + '\\n');
  process.stdout.write('partial ' + noise + '\\n');
  process.exit(3);
}
console.log(JSON.stringify({ score: out.value, feedback: 'note ' + noise }));
`;

/** A baseline evaluator that reports invalid with control sequences in its feedback. */
export const NOISY_INVALID_BASELINE = `console.log(JSON.stringify({ score: 0, valid: false, feedback: 'boom \\u001b]0;pwned\\u0007\\u001b[31mvisible' }));\n`;

// eslint-disable-next-line no-control-regex -- the tests look for exactly these
export const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
