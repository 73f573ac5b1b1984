import { Buffer } from 'node:buffer';
import { SwarmError } from '../core/domain/errors.js';
import { startInteractive } from '../process/start-interactive.js';
import { gitEnv } from './git-command.js';

/** `Name <email>` and time zone of commits, from `git var GIT_COMMITTER_IDENT` (see commitIdent). */
export interface Ident {
  person: string;
  zone: string;
}

/** Parses `git var GIT_COMMITTER_IDENT` (`Name <email> 1700000000 +0100`). */
export const parseIdent = (text: string): Ident | null => {
  const match = /^(.*<[^>]*>) \d+ ([+-]\d{4})\s*$/.exec(text.trim());
  return match?.[1] === undefined || match[2] === undefined ? null : { person: match[1], zone: match[2] };
};

/** What `git commit --cleanup=whitespace` does to a message: trailing blanks, runs of empty lines. */
export const cleanMessage = (message: string): string => {
  const lines = message.split('\n').map((line) => line.trimEnd());
  const kept = lines.filter((line, index) => line !== '' || (index > 0 && lines[index - 1] !== ''));
  const text = kept.join('\n').trim();
  return text === '' ? '' : `${text}\n`;
};

/** Reads a child's stdout as the line and byte answers of fast-import's query commands. */
class AnswerReader {
  private buffer = Buffer.alloc(0);
  private waiting: (() => void) | null = null;
  private ended = false;

  constructor(stream: NodeJS.ReadableStream) {
    stream.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake();
    });
    stream.on('close', () => {
      this.ended = true;
      this.wake();
    });
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.();
  }

  private async until(ready: () => boolean): Promise<void> {
    while (!ready()) {
      if (this.ended) throw new Error('git fast-import stopped before it answered');
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
  }

  async line(): Promise<string> {
    await this.until(() => this.buffer.includes(0x0a));
    const end = this.buffer.indexOf(0x0a);
    const line = this.buffer.subarray(0, end).toString('utf8');
    this.buffer = this.buffer.subarray(end + 1);
    return line;
  }

  async bytes(count: number): Promise<Buffer> {
    await this.until(() => this.buffer.length >= count);
    const bytes = this.buffer.subarray(0, count);
    this.buffer = this.buffer.subarray(count);
    return bytes;
  }
}

const PLAIN_PATH = /^[A-Za-z0-9._/-]+$/;
const data = (text: string): string => `data ${Buffer.byteLength(text)}\n${text}\n`;

/**
 * One commit on `ref` whose tree is `parent`'s with one file rewritten by `update` (given its
 * current text, or null when `parent` has no such file), in ONE `git fast-import` process: no
 * worktree, no index, no hooks, no auto-maintenance. `ref` is set to the new commit even when it
 * had moved past `parent`. Returns the new commit's sha.
 */
export const commitFileChange = async (
  root: string,
  p: { ref: string; parent: string; path: string; update: (current: string | null) => string; message: string; ident: Ident },
): Promise<string> => {
  if (!PLAIN_PATH.test(p.path)) throw new SwarmError('INTERNAL', `commitFileChange needs a plain path, got "${p.path}"`);
  const child = startInteractive('git', ['fast-import', '--quiet', '--done', '--force'], { cwd: root, env: gitEnv() });
  const answers = new AnswerReader(child.stdout);
  const write = (text: string): void => {
    child.stdin.write(text);
  };
  try {
    write(`ls ${p.parent} ${p.path}\n`);
    const listed = await answers.line();
    const blob = /^(\d{6}) blob ([0-9a-f]+)\t/.exec(listed);
    let current: string | null = null;
    if (blob?.[2] !== undefined) {
      write(`cat-blob ${blob[2]}\n`);
      const header = /^[0-9a-f]+ blob (\d+)$/.exec(await answers.line());
      if (header?.[1] === undefined) throw new Error(`unexpected cat-blob answer for ${p.path}`);
      current = (await answers.bytes(Number(header[1]))).toString('utf8');
      await answers.bytes(1);
    } else if (!listed.startsWith('missing ')) {
      throw new Error(`${p.path} at ${p.parent} is not a file: ${listed}`);
    }
    const when = `${Math.floor(Date.now() / 1000)} ${p.ident.zone}`;
    write(
      `commit ${p.ref}\nmark :1\nauthor ${p.ident.person} ${when}\ncommitter ${p.ident.person} ${when}\n${data(cleanMessage(p.message))}` +
        `from ${p.parent}\nM ${blob?.[1] ?? '100644'} inline ${p.path}\n${data(p.update(current))}\nget-mark :1\n`,
    );
    const sha = (await answers.line()).trim();
    write('done\n');
    child.stdin.end();
    const result = await child.done;
    if (result.exitCode !== 0 || !/^[0-9a-f]{40,64}$/.test(sha)) throw new Error(result.stderr.trim() || `exit code ${result.exitCode}`);
    return sha;
  } catch (error) {
    child.kill();
    const detail = (await child.done).stderr.trim();
    throw new SwarmError('GIT_FAILED', `\`git fast-import\` (commit of ${p.path} on ${p.ref}) failed in ${root}: ${detail || (error instanceof Error ? error.message : String(error))}`, { cause: error });
  }
};
