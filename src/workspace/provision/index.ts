import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import type { WorkspaceConfig } from '../../config/workspace-schema.js';
import type { AgentLauncher } from '../../core/ports/index.js';
import { SWARM_DIR_NAME } from '../project-layout.js';
import { runGit } from '../git-command.js';
import { carriedFiles, copyCarried, includePatterns } from './carried-files.js';
import { carriedSecretValues } from './carried-secrets.js';
import { writeProvisioned } from './provisioned-paths.js';
import { runSetup, type SetupFailure } from './run-setup.js';
import { cachedOutputs, relocateKept, removeOutputs, restoreOutputs, saveOutputs, untrackedEntries } from './setup-cache.js';
import { writeProvisionedManifest } from './provisioned-manifest.js';
import { setupKey } from './setup-key.js';
import { linkShared, type RefusedLink } from './shared-links.js';
import { describeEscapes, envEscapes } from './env-escapes.js';
import { ancestorModulesEscape } from './ancestor-modules.js';
import { checkoutSubmodules } from './submodules.js';
import { readSetupMarker, writeSetupMarker } from './provisioned-paths.js';

export type { SetupFailure } from './run-setup.js';
export { readProvisioned } from './provisioned-paths.js';
export { linkManifest, manifestChanges, type LinkManifest } from './link-manifest.js';
export { carriedFiles, includePatterns, WORKTREE_INCLUDE_FILE } from './carried-files.js';
export { carriedSecretValues } from './carried-secrets.js';
export { linkPath, isSafeLinkPath, type RefusedLink } from './shared-links.js';
export { envEscapes, describeEscapes, type EnvEscape } from './env-escapes.js';

export interface ProvisionInput {
  /** The main checkout: where carried files, linked paths and submodule objects come from. */
  root: string;
  /** The worktree to provision (new, or reused from a pool). */
  worktree: string;
  settings: Pick<WorkspaceConfig, 'include' | 'link' | 'setup' | 'setupTimeoutMs' | 'setupKey' | 'submodules'>;
  /** Environment of the setup commands (the evaluator's); SWARM_REPO_ROOT and SWARM_WORKTREE are added. */
  env: Record<string, string>;
  /** The project's folder inside the repository ('' at its root): setup runs there, link paths are relative to it. */
  subdir?: string;
  /** Folder of the setup commands' output (the attempt's log folder). */
  logDir: string;
  /** Where prepared environments are kept by setup key (`.swarm/setup-cache`). */
  cacheDir: string;
  signal?: AbortSignal;
  /** Where setup commands run (the attempt's agent's place, agent.runner); absent = here. */
  setupLauncher?: AgentLauncher;
  /** Told what setup runs and for how long, when it runs (not when its outputs come from the cache). */
  progress?: (line: string) => void;
}

export interface SetupReport {
  /** The setup key, null without setup commands. */
  key: string | null;
  /** The commands ran in this worktree. */
  ran: boolean;
  /** What they make came from the cache (or was already there: a reused worktree). */
  reused: boolean;
  durationMs: number;
  failure: SetupFailure | null;
  /** Why what setup made was not cached (it names this worktree in binary form), or null. */
  notCached: string | null;
}

export interface Provisioned {
  copied: string[];
  linked: string[];
  /** `workspace.link` paths the worktree tracks: not linked. */
  skippedLinks: string[];
  /** `workspace.link` paths the checkout lacks: not linked. */
  missingLinks: string[];
  /**
   * `workspace.link` paths not linked, and setup outputs that may not be used, because they would
   * run the checkout's (or another worktree's) code instead of the attempt's; each with its fix.
   */
  refused: RefusedLink[];
  submodules: string[];
  /** Submodules that could not be checked out, each with why. */
  missingSubmodules: string[];
  setup: SetupReport;
  /** Values of carried-in env files, to be redacted wherever swarm stores or shows text. */
  secrets: string[];
  durationMs: number;
}

/** Of `files`, those the worktree tracks. */
const tracked = async (worktree: string, files: readonly string[]): Promise<Set<string>> =>
  new Set((await runGit(worktree, ['ls-files', '-z', '--', ...files.map((file) => `:(literal)${file}`)])).split('\0').filter((file) => file !== ''));

const prepareSetup = async (input: ProvisionInput): Promise<{ report: SetupReport; outputs: string[] }> => {
  const commands = input.settings.setup;
  if (commands.length === 0) return { report: { key: null, ran: false, reused: false, durationMs: 0, failure: null, notCached: null }, outputs: [] };
  const started = performance.now();
  const { key } = await setupKey(input.worktree, commands, input.settings.setupKey);
  const elapsed = (): number => performance.now() - started;
  const cached = await cachedOutputs(input.cacheDir, key);
  // The marker: the key the worktree was prepared for, and where it was then (a pooled worktree moves).
  const [marker = null, markedAt = null] = (await readSetupMarker(input.worktree))?.split('\n') ?? [];
  const mark = `${key}\n${input.worktree}`;
  // A reused worktree prepared for another key: that environment goes, or setup would build on it
  // and find nothing new to keep.
  if (marker !== null && marker !== key) await removeOutputs(input.worktree, (await cachedOutputs(input.cacheDir, marker)) ?? []);
  const present = async (outputs: readonly string[]): Promise<boolean> => (await Promise.all(outputs.map((o) => lstat(join(input.worktree, o)).then(() => true, () => false)))).every(Boolean);
  // A reused worktree keeps what setup made, unless its reset cleaned it away. One that moved (the
  // pool hands a parked worktree to the next attempt's folder) has it relocated first: it names
  // the folder it left (an editable install's .pth, console scripts).
  if (marker === key && (await present(cached ?? []))) {
    const here = markedAt === input.worktree || (markedAt !== null && (await relocateKept(input.cacheDir, key, input.worktree, markedAt)));
    if (here) {
      if (markedAt !== input.worktree) await writeSetupMarker(input.worktree, mark);
      return { report: { key, ran: false, reused: true, durationMs: elapsed(), failure: null, notCached: null }, outputs: cached ?? [] };
    }
  }
  if (cached !== null) {
    await restoreOutputs(input.cacheDir, key, cached, input.worktree);
    await writeSetupMarker(input.worktree, mark);
    return { report: { key, ran: false, reused: true, durationMs: elapsed(), failure: null, notCached: null }, outputs: cached };
  }
  const before = new Set(await untrackedEntries(input.worktree));
  const env = { ...input.env, SWARM_REPO_ROOT: input.root, SWARM_WORKTREE: input.worktree };
  const run = await runSetup({
    worktree: join(input.worktree, input.subdir ?? ''), commands, env, timeoutMs: input.settings.setupTimeoutMs, logDir: input.logDir,
    ...(input.signal ? { signal: input.signal } : {}),
    ...(input.setupLauncher ? { launcher: input.setupLauncher } : {}),
    ...(input.progress ? { progress: input.progress } : {}),
  });
  if (run.failure !== null) return { report: { key, ran: true, reused: false, durationMs: elapsed(), failure: run.failure, notCached: null }, outputs: [] };
  // swarm's own folder (a setup job's script and raw output) is never an output of setup.
  const outputs = (await untrackedEntries(input.worktree)).filter((entry) => !before.has(entry) && entry !== SWARM_DIR_NAME && !entry.startsWith(`${SWARM_DIR_NAME}/`));
  // What would run another tree's code is neither used nor cached (see refusedOutputs).
  if ((await refusedOutputs(input, outputs)).length > 0) return { report: { key, ran: true, reused: false, durationMs: elapsed(), failure: null, notCached: null }, outputs };
  const notCached = await saveOutputs(input.cacheDir, key, outputs, input.worktree);
  await writeSetupMarker(input.worktree, mark);
  return { report: { key, ran: true, reused: false, durationMs: elapsed(), failure: null, notCached }, outputs };
};

/**
 * Setup outputs that resolve code outside this worktree into the checkout or a sibling worktree
 * under its `.swarm/` (`pip install -e "$SWARM_REPO_ROOT"`, a venv copied without relocation): each with the fix.
 */
const refusedOutputs = async (input: ProvisionInput, outputs: readonly string[]): Promise<RefusedLink[]> => {
  const refused: RefusedLink[] = [];
  for (const output of outputs) {
    const escapes = await envEscapes(join(input.worktree, output), { allowed: [input.worktree], forbidden: [input.root] });
    if (escapes.length === 0) continue;
    refused.push({
      path: output,
      reason: `what workspace.setup made would run code outside this worktree: ${describeEscapes(output, escapes)}`,
      fix: 'install the project from the worktree itself (`pip install -e .` run where setup runs, not from $SWARM_REPO_ROOT or an absolute path)',
    });
  }
  return refused;
};

/**
 * Provisions a worktree as the `workspace` settings say: ignored files that `.worktreeinclude`
 * and `workspace.include` match copied in, `workspace.link` paths linked to the checkout's copy,
 * submodules checked out from the main repository's module store, then `workspace.setup` run (or
 * what it makes restored from the cache while the setup key is unchanged).
 *
 * Idempotent: a worktree reused for another attempt (after a reset to that attempt's commit) is
 * brought to the same state by calling it again; setup runs again only when its key changed.
 * A failing setup command is a value (`setup.failure`), never a throw; git failures throw.
 * The paths it put there are recorded beside the worktree, and no commit of swarm holds them.
 */
export const provisionWorktree = async (input: ProvisionInput): Promise<Provisioned> => {
  const started = performance.now();
  const { root, worktree, settings } = input;
  const subdir = input.subdir ?? '';
  const patterns = await includePatterns(root, settings.include, subdir);
  const carried = await carriedFiles(root, patterns, subdir);
  const copied = await copyCarried(root, worktree, carried, carried.length > 0 ? await tracked(worktree, carried) : new Set<string>());
  // A tracked path is checked out in the worktree, so what is there already (not one of our links) is skipped.
  const linked = await linkShared(join(root, subdir), join(worktree, subdir), settings.link, root);
  const inProject = (p: string): string => join(subdir, p);
  const links = { linked: linked.linked.map(inProject), skipped: linked.skipped.map(inProject), missing: linked.missing.map(inProject), refused: linked.refused.map((r) => ({ ...r, path: inProject(r.path) })) };
  const hasModules = settings.submodules && (await lstat(join(worktree, '.gitmodules')).catch(() => null)) !== null;
  const modules = hasModules ? await checkoutSubmodules(root, worktree) : { checkedOut: [], missing: [] };
  await writeProvisioned(worktree, [...copied, ...links.linked]);
  const setup = await prepareSetup(input);
  const ambient = setup.report.failure === null ? await ancestorModulesEscape(root, worktree, subdir) : null;
  // One reason per path: a refused node_modules link also leaves the worktree without one.
  const refused = [...links.refused, ...(setup.report.failure === null ? await refusedOutputs(input, setup.outputs) : []), ...(ambient === null ? [] : [ambient])]
    .filter((r, i, all) => all.findIndex((other) => other.path === r.path) === i);
  if (setup.outputs.length > 0) await writeProvisioned(worktree, [...copied, ...links.linked, ...setup.outputs]);
  // What a pooled worktree's next user compares against (see settleProvisioned).
  await writeProvisionedManifest(worktree);
  return {
    copied,
    linked: links.linked,
    skippedLinks: links.skipped,
    missingLinks: links.missing,
    refused,
    submodules: modules.checkedOut,
    missingSubmodules: modules.missing,
    setup: setup.report,
    secrets: await carriedSecretValues(root, copied),
    durationMs: performance.now() - started,
  };
};
