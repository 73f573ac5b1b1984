import { lstat, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

/** Folders that hold a project's tests or docs, not the code it ships. */
const NOT_THE_PACKAGE = new Set(['tests', 'test', 'testing', 'docs', 'doc', 'examples', 'example', 'scripts', 'benchmarks', 'build', 'dist']);
/** At most this many names are probed (one process each ecosystem; a monorepo of hundreds is not walked). */
const MAX_NAMES = 12;

const exists = async (path: string): Promise<boolean> => (await lstat(path).catch(() => null)) !== null;
const dirs = async (dir: string): Promise<string[]> =>
  (await readdir(dir, { withFileTypes: true }).catch(() => [])).filter((e) => e.isDirectory() && !e.name.startsWith('.')).map((e) => e.name).sort();
const isIdentifier = (name: string): boolean => /^[A-Za-z_]\w*$/.test(name);

/** The project name a pyproject.toml or setup.cfg declares (`[project] name`, `[tool.poetry] name`, `[metadata] name`), as an import name. */
const declaredPythonName = async (project: string): Promise<string | null> => {
  const pyproject = await readFile(join(project, 'pyproject.toml'), 'utf8').catch(() => '');
  const setupCfg = await readFile(join(project, 'setup.cfg'), 'utf8').catch(() => '');
  for (const [text, sections] of [[pyproject, ['project', 'tool.poetry']], [setupCfg, ['metadata']]] as const) {
    for (const section of sections) {
      const body = new RegExp(`^\\[${section.replace('.', '\\.')}\\]\\s*$([\\s\\S]*?)(?=^\\[|$(?![\\s\\S]))`, 'm').exec(text)?.[1] ?? '';
      const name = /^name\s*=\s*["']?([A-Za-z0-9._-]+)["']?\s*$/m.exec(body)?.[1];
      if (name !== undefined) return name.toLowerCase().replace(/[-.]+/g, '_');
    }
  }
  return null;
};

/**
 * The top-level Python packages the project ships: folders with an `__init__.py` at its top and
 * under `src/` (tests and docs left out), and the name pyproject.toml or setup.cfg declares.
 * Empty for a folder that is no Python project.
 */
export const pythonPackageNames = async (project: string): Promise<string[]> => {
  const isPython = (await Promise.all(['pyproject.toml', 'setup.py', 'setup.cfg'].map((f) => exists(join(project, f))))).some(Boolean);
  if (!isPython) return [];
  const names = new Set<string>();
  for (const base of [project, join(project, 'src')]) {
    for (const name of await dirs(base)) {
      if (isIdentifier(name) && !NOT_THE_PACKAGE.has(name) && (await exists(join(base, name, '__init__.py')))) names.add(name);
    }
  }
  const declared = await declaredPythonName(project);
  if (declared !== null && isIdentifier(declared)) names.add(declared);
  return [...names].slice(0, MAX_NAMES);
};

const packageJsonSchema = z.object({
  name: z.string().optional(),
  workspaces: z.union([z.array(z.string()), z.object({ packages: z.array(z.string()).optional() })]).optional(),
  dependencies: z.record(z.string(), z.string()).optional(),
  devDependencies: z.record(z.string(), z.string()).optional(),
}).passthrough();

const readPackageJson = async (dir: string): Promise<z.infer<typeof packageJsonSchema> | null> => {
  try {
    const parsed = packageJsonSchema.safeParse(JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/** The folders a workspaces pattern names: `packages/*` (one level) and plain folders; other globs are not expanded. */
const workspaceFolders = async (project: string, pattern: string): Promise<string[]> => {
  const clean = pattern.replace(/^\.\//, '').replace(/\/$/, '');
  if (clean.endsWith('/*') && !clean.slice(0, -2).includes('*')) return (await dirs(join(project, clean.slice(0, -2)))).map((d) => join(clean.slice(0, -2), d));
  return clean.includes('*') ? [] : [clean];
};

/** Packages that `node_modules` holds as links (`npm link`, workspaces, `file:`), by name; `node_modules` itself may be a link. */
const linkedModules = async (modules: string): Promise<string[]> => {
  const names: string[] = [];
  for (const entry of await readdir(modules, { withFileTypes: true }).catch(() => [])) {
    if (entry.isSymbolicLink()) names.push(entry.name);
    else if (entry.isDirectory() && entry.name.startsWith('@')) {
      for (const inner of await readdir(join(modules, entry.name), { withFileTypes: true }).catch(() => [])) if (inner.isSymbolicLink()) names.push(`${entry.name}/${inner.name}`);
    }
  }
  return names.sort();
};

/**
 * The Node packages the project's own code is required by: its own name (a self-reference, or an
 * `npm link` of itself), its npm workspaces' packages, its `file:` dependencies inside it, and
 * the packages its `node_modules` links (`npm link` saves nothing in package.json).
 */
export const nodePackageNames = async (project: string): Promise<string[]> => {
  const manifest = await readPackageJson(project);
  if (manifest === null) return [];
  const names = new Set<string>();
  if (manifest.name !== undefined) names.add(manifest.name);
  const patterns = Array.isArray(manifest.workspaces) ? manifest.workspaces : manifest.workspaces?.packages ?? [];
  for (const pattern of patterns) {
    for (const folder of await workspaceFolders(project, pattern)) {
      const name = (await readPackageJson(join(project, folder)))?.name;
      if (name !== undefined) names.add(name);
    }
  }
  for (const [name, spec] of Object.entries({ ...manifest.dependencies, ...manifest.devDependencies })) {
    if (spec.startsWith('file:') && !spec.slice(5).startsWith('/') && !spec.slice(5).startsWith('..')) names.add(name);
  }
  for (const name of await linkedModules(join(project, 'node_modules'))) names.add(name);
  return [...names].slice(0, MAX_NAMES);
};
