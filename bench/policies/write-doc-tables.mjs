#!/usr/bin/env node
// Writes the policy benchmark's tables (from bench/policies/results.json) into docs/policies.md,
// between `<!-- bench:policies:start -->` and `<!-- bench:policies:end -->`. Run by
// run-policy-bench.mjs after its runs; run alone to redo the tables from the stored results.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderTables } from './report.mjs';
import { benchTasks } from './tasks.mjs';

const START = '<!-- bench:policies:start (written by bench/policies/write-doc-tables.mjs; do not edit) -->';
const END = '<!-- bench:policies:end -->';
const POLICY_ORDER = ['greedy', 'random', 'swarm', 'evolve', 'rsi', 'rules'];

/** The markdown tables of every task in the results; written into `doc` when it is not null. */
export const writeDocTables = (runs, catalog, doc) => {
  const names = Object.keys(catalog).filter((name) => runs.some((r) => r.task === name));
  const policies = POLICY_ORDER.filter((p) => runs.some((r) => r.policy === p));
  const tables = renderTables(names.map((name) => ({ name, ...catalog[name] })), runs, policies);
  if (doc !== null) {
    const text = readFileSync(doc, 'utf8');
    const from = text.indexOf(START);
    const to = text.indexOf(END);
    if (from === -1 || to === -1) throw new Error(`${doc} has no ${START} … ${END} section to write the tables into`);
    writeFileSync(doc, `${text.slice(0, from + START.length)}\n\n${tables}\n${text.slice(to)}`);
  }
  return tables;
};

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
  const file = resolve(process.env.RESULTS ?? join(root, 'bench', 'policies', 'results.json'));
  if (!existsSync(file)) throw new Error(`no results at ${file}; run npm run bench:policies first`);
  const doc = process.env.DOC ?? join(root, 'docs', 'policies.md');
  console.log(writeDocTables(JSON.parse(readFileSync(file, 'utf8')).runs, benchTasks(), doc === 'none' ? null : resolve(doc)));
}
