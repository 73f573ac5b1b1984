/**
 * Node projects whose code reaches the tests through a `node_modules` link, set up as their users
 * do (no registry needed): a package `sorty` inside the repository and the repository's test that
 * requires it by name, linked by `npm link`, a `file:` dependency or an npm workspace.
 *
 * npm (11) writes every one of these links relative (`node_modules/sorty -> ../sorty`, even for
 * `npm link`), so a `node_modules` built in a worktree resolves into that worktree; but a
 * `node_modules` LINKED from the checkout resolves through the checkout's real folder, and Node
 * (which follows links to their real path) then runs the checkout's `sorty`.
 */

/** The package's code: sorts, and says how good it is (what the evaluator scores). */
export const sortyCode = (quality: number): string => `exports.srt = (items) => [...items].sort((a, b) => a - b);\nexports.QUALITY = ${quality};\n`;
/** The package broken: the test fails wherever this code is what runs. */
export const SORTY_BROKEN_JS = 'exports.srt = (items) => [...items];\nexports.QUALITY = 5;\n';

/** The repository's test: the package by name, as its users require it; prints the score. */
const TEST_JS = `const assert = require('node:assert');
const { srt, QUALITY } = require('sorty');
assert.deepStrictEqual(srt([3, 1, 2]), [1, 2, 3]);
console.error('sorty from ' + require.resolve('sorty'));
console.log(JSON.stringify({ score: QUALITY }));
`;

/** The fixture agent: a2 breaks the package, a3 improves it (QUALITY 2; the checkout has 1). */
export const agentScript = (file: string): string => `const fs = require('node:fs');
const id = process.env.SWARM_ATTEMPT_ID;
fs.writeFileSync(${JSON.stringify(file)}, id === 'a2' ? ${JSON.stringify(SORTY_BROKEN_JS)} : ${JSON.stringify(sortyCode(2))});
`;

const NO_NETWORK = '--offline --no-audit --no-fund --loglevel=error';

export interface NodeLinkScenario {
  name: string;
  /** Where the package lives in the repository. */
  packageDir: string;
  files: Record<string, string>;
  /** What the user ran in the checkout to build `node_modules` (with `npm_config_prefix` set for `npm link`). */
  install: string;
  /** The same, per worktree, as `workspace.setup`. */
  setup: string[];
}

const sortyPackage = (dir: string): Record<string, string> => ({
  [`${dir}/package.json`]: JSON.stringify({ name: 'sorty', version: '1.0.0', main: 'index.js' }),
  [`${dir}/index.js`]: sortyCode(1),
});

const common = (packageDir: string): Record<string, string> => ({
  '.gitignore': 'node_modules/\npackage-lock.json\n.swarm/\n',
  'test.js': TEST_JS,
  'agent.js': agentScript(`${packageDir}/index.js`),
  'prompt.md': 'Make sorty better.\n',
  ...sortyPackage(packageDir),
});

export const NODE_LINK_SCENARIOS: NodeLinkScenario[] = [
  {
    name: 'npm link',
    packageDir: 'sorty',
    files: { ...common('sorty'), 'package.json': JSON.stringify({ name: 'sorty-app', version: '1.0.0', private: true }) },
    install: `(cd sorty && npm link ${NO_NETWORK}) && npm link sorty ${NO_NETWORK}`,
    setup: [`(cd sorty && npm link ${NO_NETWORK}) && npm link sorty ${NO_NETWORK}`],
  },
  {
    name: 'a file: dependency',
    packageDir: 'sorty',
    files: { ...common('sorty'), 'package.json': JSON.stringify({ name: 'sorty-app', version: '1.0.0', private: true, dependencies: { sorty: 'file:./sorty' } }) },
    install: `npm install ${NO_NETWORK}`,
    setup: [`npm install ${NO_NETWORK}`],
  },
  {
    name: 'an npm workspaces dependency',
    packageDir: 'packages/sorty',
    files: { ...common('packages/sorty'), 'package.json': JSON.stringify({ name: 'sorty-app', version: '1.0.0', private: true, workspaces: ['packages/*'] }) },
    install: `npm install ${NO_NETWORK}`,
    setup: [`npm install ${NO_NETWORK}`],
  },
];
