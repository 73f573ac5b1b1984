import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { confinePath } from './confine-path.js';
import { replaceFile, type ReplaceResult } from './replace-file.js';
import { truncateOutput } from './truncate-output.js';
import type { ToolContext, ToolResult } from './tool-context.js';

const fail = (content: string): ToolResult => ({ content, isError: true });
const ok = (content: string): ToolResult => ({ content, isError: false });
/** A write the file system refused: the model sees it, and the attempt records it as an edit that failed. */
const writeFailed = (content: string): ToolResult => ({ content, isError: true, writeFailure: content });

const errorText = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  // Node's message starts with its code already ("EROFS: read-only file system, open …").
  const code = 'code' in error ? String(error.code) : '';
  return code === '' || error.message.startsWith(code) ? error.message : `${code}: ${error.message}`;
};

/** A write that failed, in the file system's words, saying when the file could not be put back. */
const refused = (rel: string, result: Extract<ReplaceResult, { ok: false }>): ToolResult =>
  writeFailed(`cannot write ${rel}: ${errorText(result.error)}${result.restored ? '' : '; the file may be left partly written'}`);

export const readFileTool = async (ctx: ToolContext, input: { path: string }): Promise<ToolResult> => {
  const target = await confinePath(ctx.root, input.path);
  if (!target.ok) return fail(target.error);
  try {
    return ok(truncateOutput(await readFile(target.path, 'utf8'), ctx.outputChars));
  } catch (error) {
    return fail(`cannot read ${target.rel}: ${errorText(error)}`);
  }
};

const MAX_LISTED = 500;

export const listFilesTool = async (ctx: ToolContext, input: { path?: string | undefined }): Promise<ToolResult> => {
  const target = await confinePath(ctx.root, input.path ?? '.');
  if (!target.ok) return fail(target.error);
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (found.length >= MAX_LISTED) return;
      if (entry.name === '.git' || entry.name === 'node_modules') continue;
      const full = join(dir, entry.name);
      const rel = relative(ctx.root, full);
      if (entry.isDirectory()) {
        found.push(`${rel}/`);
        await walk(full);
      } else {
        found.push(rel);
      }
    }
  };
  try {
    if (!(await stat(target.path)).isDirectory()) return fail(`${target.rel} is not a directory`);
    await walk(target.path);
  } catch (error) {
    return fail(`cannot list ${target.rel}: ${errorText(error)}`);
  }
  const more = found.length >= MAX_LISTED ? `\n[listing stopped at ${MAX_LISTED} entries]` : '';
  return ok(found.length === 0 ? '(empty)' : found.join('\n') + more);
};

export const writeFileTool = async (ctx: ToolContext, input: { path: string; content: string }): Promise<ToolResult> => {
  const target = await confinePath(ctx.root, input.path);
  if (!target.ok) return fail(target.error);
  try {
    await mkdir(dirname(target.path), { recursive: true });
  } catch (error) {
    return writeFailed(`cannot write ${target.rel}: ${errorText(error)}`);
  }
  // O_NOFOLLOW: a symlink put in place after the check is refused rather than followed.
  const written = await replaceFile(target.path, input.content, { followLinks: false });
  return written.ok ? ok(`wrote ${input.content.length} characters to ${target.rel}`) : refused(target.rel, written);
};

const countOccurrences = (text: string, search: string): number => {
  let count = 0;
  for (let at = text.indexOf(search); at !== -1; at = text.indexOf(search, at + 1)) count++;
  return count;
};

export const editFileTool = async (ctx: ToolContext, input: { path: string; search: string; replace: string }): Promise<ToolResult> => {
  const target = await confinePath(ctx.root, input.path);
  if (!target.ok) return fail(target.error);
  if (input.search === '') return fail('search text is empty; give the exact text to replace, or use write_file');
  let text: string;
  try {
    text = await readFile(target.path, 'utf8');
  } catch (error) {
    return fail(`cannot read ${target.rel}: ${errorText(error)}`);
  }
  const count = countOccurrences(text, input.search);
  if (count === 0) return fail(`search text not found in ${target.rel}; read the file and copy the text exactly, including whitespace`);
  if (count > 1) return fail(`search text found ${count} times in ${target.rel}; include more surrounding lines so it matches exactly once`);
  const at = text.indexOf(input.search);
  const written = await replaceFile(target.path, text.slice(0, at) + input.replace + text.slice(at + input.search.length), { followLinks: true });
  return written.ok ? ok(`edited ${target.rel}`) : refused(target.rel, written);
};
