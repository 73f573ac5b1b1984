// Bundles the CLI into dist/cli/main.js (after tsc, which still emits dist/ for the modules the
// bench and tests import): one file to load at start-up instead of a few hundred. Dynamic imports
// stay lazy as chunks under dist/cli/chunks/; native modules and the big SDKs stay external.
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const EXTERNAL = [
  'better-sqlite3',
  '@resvg/resvg-js',
  '@viz-js/viz',
  '@anthropic-ai/sdk',
  '@anthropic-ai/claude-code',
  '@openai/codex',
  'openai',
  'playwright-core',
  // pino starts worker threads from its own files for transports; it stays a package.
  'pino',
  // Its "main" is a UMD build that require()s its own files at run time, which a bundle cannot follow.
  'jsonc-parser',
];

/**
 * zod re-exports all of its ~60 locales as `z.locales` (and `z.core.locales`), which esbuild cannot
 * shake: they were half of the zod chunk every store command compiles. swarm reads neither (zod
 * sets its English messages by itself), so the bundle drops the two re-exports; a zod that moved
 * them fails the build here instead of bundling them again.
 */
const LOCALES_REEXPORT = 'export * as locales from "../locales/index.js";';
const dropZodLocales = {
  name: 'drop-zod-locales',
  setup(build) {
    build.onLoad({ filter: /[\\/]zod[\\/]v4[\\/](classic[\\/]external|core[\\/]index)\.js$/ }, ({ path }) => {
      const source = readFileSync(path, 'utf8');
      if (!source.includes(LOCALES_REEXPORT)) throw new Error(`${path} no longer has the line ${LOCALES_REEXPORT}; update drop-zod-locales in scripts/bundle-cli.mjs`);
      return { contents: source.replace(LOCALES_REEXPORT, ''), loader: 'js' };
    });
  },
};

// Chunk names carry content hashes: the previous build's chunks would pile up.
rmSync(new URL('../dist/cli/chunks', import.meta.url), { recursive: true, force: true });

await build({
  entryPoints: { main: 'src/cli/main.ts' },
  outdir: 'dist/cli',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: EXTERNAL,
  sourcemap: true,
  // Bundled CommonJS packages call require() for Node built-ins.
  banner: { js: "import { createRequire as __swarmCreateRequire } from 'node:module';\nconst require = __swarmCreateRequire(import.meta.url);" },
  plugins: [dropZodLocales],
  logLevel: 'warning',
});

// \`swarm status --json\` on its own start-up path (src/cli/status-json-entry.ts, issue 29): a
// CommonJS file bin.cjs requires without the ESM loader. It must not load zod or commander, whose
// loading alone costs about as much as its whole answer; the build fails if it would.
const fast = await build({
  entryPoints: ['src/cli/status-json-entry.ts'],
  outfile: 'dist/cli/status-json.cjs',
  bundle: true,
  format: 'cjs',
  // import.meta.url (store/native-binding.ts resolves better-sqlite3 from it) in a CommonJS file.
  banner: { js: "var __swarmImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  define: { 'import.meta.url': '__swarmImportMetaUrl' },
  platform: 'node',
  target: 'node20',
  external: EXTERNAL,
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
});
const heavy = Object.keys(fast.metafile.inputs).filter((input) => /node_modules[\\/](zod|commander)[\\/]/.test(input));
if (heavy.length > 0) throw new Error(`dist/cli/status-json.cjs would bundle ${heavy.slice(0, 3).join(', ')}: the status --json start-up path must not load zod or commander`);
