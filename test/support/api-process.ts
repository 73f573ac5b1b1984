import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The built API (`dist/index.js`, the package's entry), as a host program imports it. */
export const API_ENTRY = fileURLToPath(new URL('../../dist/index.js', import.meta.url));

export interface ApiProcessResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * A host program in a process of its own, calling the exported API (not the CLI): `body` is the
 * body of an ES module where `api` is the package's entry and `signal` an AbortSignal nobody
 * aborts. For behaviour where the process boundary matters (locks held across processes, a
 * driver process that dies) without going through the CLI's parsing and rendering.
 */
export const startApiProcess = (cwd: string, body: string, env: Record<string, string> = {}): { child: ChildProcess; done: Promise<ApiProcessResult> } => {
  const source = `const api = await import(${JSON.stringify(pathToFileURL(API_ENTRY).href)});\nconst signal = new AbortController().signal;\n${body}\n`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', source], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<ApiProcessResult>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { child, done };
};
