import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A JSON-lines transcript of an API attempt at `<logDir>/transcript.jsonl`. Never contains keys. */
export interface JsonTranscript {
  path: string;
  write(event: Record<string, unknown>): Promise<void>;
}

export const openJsonTranscript = async (logDir: string): Promise<JsonTranscript> => {
  await mkdir(logDir, { recursive: true });
  const path = join(logDir, 'transcript.jsonl');
  await writeFile(path, '', 'utf8');
  return { path, write: (event) => appendFile(path, `${JSON.stringify({ at: new Date().toISOString(), ...event })}\n`, 'utf8') };
};
