import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Where the whole run (`RunContext` = `RunDeps & RunState`, 23 fields) may be named, each with its
 * reason. Every step of a run takes a named deps type of its own file instead: Picks of `RunDeps`
 * (the ports, fixed once the run is claimed) and `RunState` (what changes while it goes on), and
 * the deps types of the steps it calls, so a reader sees what each step touches and a test builds
 * a step from only that.
 */
const NAMES_RUN_CONTEXT: Record<string, string> = {
  'src/app/context/run-context.ts': 'declares it',
  'src/app/run/driver-session.ts': 'assembles it once the run is claimed and hands it whole to the command driving the run',
};

/** The halves of the run's context, and the whole. */
const WHOLE = new Set(['RunDeps', 'RunState', 'RunContext']);

/** The file that declares them: RunContext is the intersection of the halves there. */
const DECLARATION = 'src/app/context/run-context.ts';

interface Source {
  file: string;
  text: string;
}

const parsed = new WeakMap<Source, ts.SourceFile>();

/** The syntax tree of a source (parsed once; no type checking). */
const parse = (source: Source): ts.SourceFile => {
  const known = parsed.get(source);
  if (known !== undefined) return known;
  const tree = ts.createSourceFile(source.file, source.text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  parsed.set(source, tree);
  return tree;
};

const nodes = (root: ts.Node): ts.Node[] => {
  const all: ts.Node[] = [];
  const visit = (node: ts.Node): void => {
    all.push(node);
    ts.forEachChild(node, visit);
  };
  visit(root);
  return all;
};

/** Files whose code (comments aside) names RunContext. */
const namingRunContext = (files: Source[]): string[] =>
  files.filter((source) => nodes(parse(source)).some((node) => ts.isIdentifier(node) && node.text === 'RunContext')).map(({ file }) => file);

/**
 * A whole half (or the whole context) inside a type: a reference to RunDeps, RunState or RunContext
 * that is neither the first argument of `Pick<…>` nor indexed (`RunDeps['store']`). `Omit<RunDeps, …>`
 * and `Partial<RunState>` count as whole: a step names what it takes, not what it leaves out.
 */
const wholeIn = (type: ts.TypeNode): string | null => {
  for (const node of nodes(type)) {
    if (!ts.isTypeReferenceNode(node) || !ts.isIdentifier(node.typeName) || !WHOLE.has(node.typeName.text)) continue;
    const parent = node.parent;
    if (ts.isIndexedAccessTypeNode(parent) && parent.objectType === node) continue;
    if (ts.isTypeReferenceNode(parent) && ts.isIdentifier(parent.typeName) && parent.typeName.text === 'Pick' && parent.typeArguments?.[0] === node) continue;
    return node.typeName.text;
  }
  return null;
};

const lineOf = (source: ts.SourceFile, node: ts.Node): number => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;

/**
 * Parameters, type aliases and interfaces typed on a whole RunDeps, RunState or RunContext, as
 * `file:line: what` (the declaring file aside). A type alias counts too, or `type Ctx = RunDeps`
 * would pass a whole half on under another name.
 */
const wholeUses = (files: Source[]): string[] => {
  const found: string[] = [];
  for (const entry of files) {
    if (entry.file === DECLARATION) continue;
    const source = parse(entry);
    for (const node of nodes(source)) {
      let where: string | null = null;
      let whole: string | null = null;
      if (ts.isParameter(node) && node.type) {
        where = `parameter ${node.name.getText(source)}`;
        whole = wholeIn(node.type);
      } else if (ts.isTypeAliasDeclaration(node)) {
        where = `type ${node.name.text}`;
        whole = wholeIn(node.type);
      } else if (ts.isInterfaceDeclaration(node)) {
        where = `interface ${node.name.text}`;
        whole = (node.heritageClauses ?? []).flatMap((clause) => clause.types).map((type) => (ts.isIdentifier(type.expression) && WHOLE.has(type.expression.text) ? type.expression.text : null)).find((name) => name !== null) ?? null;
      }
      if (where !== null && whole !== null) found.push(`${entry.file}:${lineOf(source, node)}: ${where} takes the whole ${whole}; take a named Pick of RunDeps/RunState (what the step needs)`);
    }
  }
  return found;
};

/** The sources of src that mention a half or the whole (only those can break the rules: the others are not parsed). */
const srcSources = (): Source[] =>
  readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.c?ts$/.test(file) && !file.endsWith('.test.ts'))
    .map((file) => posix.join('src', file.split('\\').join('/')))
    .map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }))
    .filter(({ text }) => /\bRun(Deps|State|Context)\b/.test(text));

describe('the run context', () => {
  const files = srcSources();

  it('is named only where the run is assembled and driven whole', () => {
    const outside = namingRunContext(files).filter((file) => NAMES_RUN_CONTEXT[file] === undefined);
    expect(outside).toEqual([]);
  });

  it('lists only files that exist and still name it', () => {
    const naming = new Set(namingRunContext(files));
    for (const file of Object.keys(NAMES_RUN_CONTEXT)) {
      expect(existsSync(join(ROOT, file)), file).toBe(true);
      expect(naming.has(file), `${file} no longer names RunContext: drop it from the list`).toBe(true);
    }
  });

  it('is taken by no step whole: every parameter and deps type picks from RunDeps and RunState', () => {
    expect(wholeUses(files)).toEqual([]);
  });

  it('refuses planted violations and accepts Picks, indexed types and comments', () => {
    const planted: Source[] = [
      { file: 'src/app/run/a.ts', text: "import type { RunContext } from '../context/run-context.js';\nexport const a = (ctx: RunContext): void => undefined;" },
      { file: 'src/app/run/b.ts', text: "import type { RunDeps } from '../context/run-context.js';\nexport const b = async (\n  ctx: RunDeps,\n  id: string,\n): Promise<void> => undefined;" },
      { file: 'src/app/run/c.ts', text: "import type { RunDeps, RunState } from '../context/run-context.js';\nexport type CDeps = Pick<RunDeps, 'store'> & RunState;" },
      { file: 'src/app/run/d.ts', text: "import type { RunDeps } from '../context/run-context.js';\nexport function d(ctx: Omit<RunDeps, 'evalHandoff'>): void {}" },
      { file: 'src/app/run/e.ts', text: "import type { RunState } from '../context/run-context.js';\nexport interface E extends RunState { extra: number }" },
      {
        file: 'src/app/run/fine.ts',
        text: [
          "import type { RunDeps, RunState } from '../context/run-context.js';",
          '/** Not the whole RunContext: a Pick. */',
          "export type FineDeps = Pick<RunDeps, 'store' | 'runId'> & Pick<RunState, 'force'> & Partial<Pick<RunDeps, 'memory'>>;",
          "export const fine = (ctx: FineDeps, store: RunDeps['store']): RunDeps['store'] => (ctx.force.aborted ? store : ctx.store); // RunContext in a comment",
        ].join('\n'),
      },
    ];
    expect(namingRunContext(planted)).toEqual(['src/app/run/a.ts']);
    expect(wholeUses(planted)).toEqual([
      'src/app/run/a.ts:2: parameter ctx takes the whole RunContext; take a named Pick of RunDeps/RunState (what the step needs)',
      'src/app/run/b.ts:3: parameter ctx takes the whole RunDeps; take a named Pick of RunDeps/RunState (what the step needs)',
      'src/app/run/c.ts:2: type CDeps takes the whole RunState; take a named Pick of RunDeps/RunState (what the step needs)',
      'src/app/run/d.ts:2: parameter ctx takes the whole RunDeps; take a named Pick of RunDeps/RunState (what the step needs)',
      'src/app/run/e.ts:2: interface E takes the whole RunState; take a named Pick of RunDeps/RunState (what the step needs)',
    ]);
  });
});
