import { SwarmError } from '../core/domain/errors.js';
import { gitShowBytes, runGitBytes } from './git-command.js';

export interface GitObject {
  id: string;
  type: string;
  content: Buffer;
}

const HEADER = /^([0-9a-f]{40}|[0-9a-f]{64}) (\w+) (\d+)$/;

const truncated = (root: string, name: string): SwarmError =>
  new SwarmError('GIT_FAILED', `\`git cat-file --batch\` in ${root} ended before the object ${name}; run \`git fsck\` in that repository`);

/**
 * Parses `git cat-file --batch` output: per requested name `<id> <type> <size>\n<content>\n`, or
 * one line (`<name> missing`, `<name> ambiguous`) for a name that names no object.
 */
export const parseBatch = (root: string, names: readonly string[], out: Buffer): Array<GitObject | null> => {
  const objects: Array<GitObject | null> = [];
  let at = 0;
  for (const name of names) {
    const eol = out.indexOf(0x0a, at);
    if (eol < 0) throw truncated(root, name);
    const header = HEADER.exec(out.subarray(at, eol).toString('utf8'));
    at = eol + 1;
    if (header === null) {
      objects.push(null);
      continue;
    }
    const [, id = '', type = '', size = '0'] = header;
    const end = at + Number(size);
    if (end > out.length) throw truncated(root, name);
    objects.push({ id, type, content: out.subarray(at, end) });
    at = end + 1;
  }
  return objects;
};

/**
 * The objects named by `names` (`<commit>:<path>`, `<commit>^{tree}`, ids), all read by one git
 * process; null for a name that names no object. A name with a line break (which the batch
 * protocol cannot carry) is read by its own `git show`, as a blob.
 */
export const readObjects = async (root: string, names: readonly string[]): Promise<Array<GitObject | null>> => {
  const batched = names.filter((name) => !name.includes('\n'));
  const read = batched.length === 0 ? [] : parseBatch(root, batched, await runGitBytes(root, ['cat-file', '--batch'], { input: batched.map((name) => `${name}\n`).join('') }));
  let next = 0;
  return Promise.all(
    names.map(async (name) => {
      if (!name.includes('\n')) return read[next++] ?? null;
      const bytes = await gitShowBytes(root, name);
      return bytes === null ? null : { id: '', type: 'blob', content: bytes };
    }),
  );
};

/**
 * Entries of a raw tree object, one per name at that level: `<mode> <id>\t<name>`. `idLength` is
 * the repository's object id length in hex digits (40 for sha1, 64 for sha256).
 */
export const parseTree = (content: Buffer, idLength: number): string[] => {
  const idBytes = idLength / 2;
  const entries: string[] = [];
  let at = 0;
  while (at < content.length) {
    const space = content.indexOf(0x20, at);
    const nul = content.indexOf(0, space);
    if (space < 0 || nul < 0 || nul + 1 + idBytes > content.length) throw new SwarmError('GIT_FAILED', 'a tree object read from git is malformed; run `git fsck` in the repository');
    const mode = content.subarray(at, space).toString('latin1');
    const name = content.subarray(space + 1, nul).toString('utf8');
    entries.push(`${mode} ${content.subarray(nul + 1, nul + 1 + idBytes).toString('hex')}\t${name}`);
    at = nul + 1 + idBytes;
  }
  return entries;
};

/**
 * In one git process: the entries at the top of `commit`'s tree (`<mode> <id>\t<name>`; a
 * subtree's id stands for all of its content) and the text of each of `names` (`<commit>:<path>`).
 */
export const readTreeAndTexts = async (root: string, commit: string | null, names: readonly string[], trees: readonly string[] = []): Promise<{ topLevel: string[]; texts: Array<string | null>; subtrees: Array<string[] | null> }> => {
  const treeNames = commit === null ? [] : trees.map((path) => `${commit}:${path}`);
  const objects = await readObjects(root, commit === null ? [...names] : [`${commit}^{tree}`, ...names, ...treeNames]);
  let topLevel: string[] = [];
  if (commit !== null) {
    const tree = objects.shift();
    if (tree?.type !== 'tree') throw new SwarmError('NOT_FOUND', `${commit} does not name a commit in ${root}`);
    topLevel = parseTree(tree.content, tree.id.length);
  }
  const read = objects.slice(0, names.length);
  const subtrees = objects.slice(names.length).map((object) => (object?.type === 'tree' ? parseTree(object.content, object.id.length) : null));
  return { topLevel, texts: read.map((object) => (object?.type === 'blob' ? object.content.toString('utf8') : null)), subtrees };
};
