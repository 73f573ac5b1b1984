import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A JSON-lines transcript of an API attempt at `<logDir>/transcript.jsonl`. Never contains keys. */
export interface JsonTranscript {
  path: string;
  write(event: Record<string, unknown>): Promise<void>;
}

/** `echo`: each line also on stdout (an agent's batch job, whose stdout the driver mirrors into the attempt's logs). */
export const openJsonTranscript = async (logDir: string, echo = false): Promise<JsonTranscript> => {
  await mkdir(logDir, { recursive: true });
  const path = join(logDir, 'transcript.jsonl');
  await writeFile(path, '', 'utf8');
  return {
    path,
    write: async (event) => {
      const line = `${JSON.stringify({ at: new Date().toISOString(), ...event })}\n`;
      if (echo) process.stdout.write(line);
      await appendFile(path, line, 'utf8');
    },
  };
};
