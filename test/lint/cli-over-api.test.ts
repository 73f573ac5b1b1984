import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// Every relative import: static, type-only, re-exports, side-effect, dynamic and require().
const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/**
 * The one file of src/cli that reaches past the API, and why: `status --json` of a long run is
 * answered by a CommonJS bundle of its own (dist/cli/status-json.cjs, issue 29) that must not load
 * zod, commander or anything else the API's functions load; it reads the report texts the store
 * keeps through `app/queries/status-json` and leaves every other case to the full program.
 */
const EXEMPT = new Map([['src/cli/status-json-entry.ts', 'src/app/queries/status-json.js']]);

interface Source {
  file: string;
  text: string;
}

/** Whether a file of src/cli may import `target` (a path from the repository root, as written). */
const allowed = (target: string): boolean => target === 'src/index.js' || target.startsWith('src/core/') || target.startsWith('src/cli/');

/**
 * Each import of a src/cli file that reaches the program other than through the public API
 * (src/index.ts), pure src/core or src/cli itself, as `file -> target`. Packages and Node
 * built-ins are not relative imports, so they pass.
 */
const violations = (files: Source[]): string[] =>
  files.flatMap(({ file, text }) =>
    [...text.matchAll(IMPORT)]
      .map((match) => posix.normalize(posix.join(posix.dirname(file), match[1] ?? '')))
      .filter((target) => !allowed(target) && EXEMPT.get(file) !== target)
      .map((target) => `${file} -> ${target}`),
  );

const cliSources = (): Source[] =>
  readdirSync(join(ROOT, 'src/cli'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.c?ts$/.test(file))
    .map((file) => posix.join('src/cli', file.split('\\').join('/')))
    .map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }));

describe('the CLI over the public API', () => {
  it('reaches the program only through src/index.ts, besides pure src/core and its own files', () => {
    expect(violations(cliSources())).toEqual([]);
  });

  it('keeps its one exemption real: the status --json entry still imports what it is exempt for', () => {
    for (const [file, target] of EXEMPT) {
      const source = cliSources().find((s) => s.file === file);
      expect(source, `${file} is gone; drop its exemption`).toBeDefined();
      const imports = [...(source?.text ?? '').matchAll(IMPORT)].map((m) => posix.normalize(posix.join(posix.dirname(file), m[1] ?? '')));
      expect(imports, `${file} no longer imports ${target}; drop its exemption`).toContain(target);
    }
  });

  it('refuses a planted import of app, store, config or an adapter, static, typed, dynamic or re-exported', () => {
    const files: Source[] = [
      { file: 'src/cli/commands/a.ts', text: "import { runSearch } from '../../app/run/run-search.js';\nimport { status } from '../../index.js';" },
      { file: 'src/cli/commands/b.ts', text: "const { SwarmStore } = await import('../../store/swarm-store.js');" },
      { file: 'src/cli/render/c.ts', text: "import type { ConfigOverrides } from '../../config-assembly/index.js';\nimport type { StatusReport } from '../../core/views/report.js';" },
      { file: 'src/cli/d.ts', text: "export { AGENT_BACKEND_NAMES } from '../agents/registry.js';\nimport { x } from './render/status-table.js';" },
      { file: 'src/cli/e.cts', text: "const m = require('../web/request-gate.js');\nconst n = require('./status-json.cjs');" },
      { file: 'src/cli/status-json-entry.ts', text: "import { statusJsonParts } from '../app/queries/status-json.js';\nimport { getStatus } from '../app/queries/status.js';" },
    ];
    expect(violations(files)).toEqual([
      'src/cli/commands/a.ts -> src/app/run/run-search.js',
      'src/cli/commands/b.ts -> src/store/swarm-store.js',
      'src/cli/render/c.ts -> src/config-assembly/index.js',
      'src/cli/d.ts -> src/agents/registry.js',
      'src/cli/e.cts -> src/web/request-gate.js',
      'src/cli/status-json-entry.ts -> src/app/queries/status.js',
    ]);
  });

  it('lets packages, Node built-ins, the API, core and src/cli through', () => {
    const files: Source[] = [
      {
        file: 'src/cli/commands/ok.ts',
        text: "import { Command } from 'commander';\nimport { readFileSync } from 'node:fs';\nimport { graph } from '../../index.js';\nimport { formatScore } from '../../core/domain/score.js';\nimport { printJson } from '../options.js';\nconst r = await import('../render/review.js');",
      },
    ];
    expect(violations(files)).toEqual([]);
  });
});
