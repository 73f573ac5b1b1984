// A stand-in coding agent for the corpus driver (swarm's `command` backend runs it in the
// attempt's project folder). Odd calls make a behaviour-preserving code change (a statement, not
// a comment); even calls make a change that breaks the project's tests. Its one argument is a
// JSON file: { "state": <counter file>, "touch": { "file", "append" }, "break": { "file", "from", "to" } }.
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';

const spec = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const call = (existsSync(spec.state) ? Number(readFileSync(spec.state, 'utf8')) : 0) + 1;
writeFileSync(spec.state, String(call));
if (call % 2 === 1) {
  // {n}: the call's number, so a child of a touched parent does not define the same name twice.
  const text = spec.touch.append.replaceAll('{n}', String(call));
  appendFileSync(spec.touch.file, text);
  console.log(`added \`${text.trim().replaceAll('\n', ' ')}\` to ${spec.touch.file} (behaviour-preserving)`);
} else {
  const text = readFileSync(spec.break.file, 'utf8');
  if (!text.includes(spec.break.from)) {
    console.log(`${spec.break.file} no longer holds ${JSON.stringify(spec.break.from)}`);
    process.exit(1);
  }
  writeFileSync(spec.break.file, text.replace(spec.break.from, spec.break.to));
  console.log(`changed ${spec.break.file}: ${JSON.stringify(spec.break.from.trim())} -> ${JSON.stringify(spec.break.to.trim())} (breaks the tests)`);
}
