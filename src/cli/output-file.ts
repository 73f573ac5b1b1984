import { writeFile } from 'node:fs/promises';

/**
 * Writes a command's result to `file`, or to stdout when there is none. Text gets a final line
 * break; bytes (PNG) are written as they are.
 */
export const writeResult = async (result: string | Buffer, file: string | undefined): Promise<void> => {
  const data = typeof result === 'string' && !result.endsWith('\n') ? `${result}\n` : result;
  if (file) await writeFile(file, data);
  else
    await new Promise<void>((resolve, reject) => {
      process.stdout.write(data, (error) => (error ? reject(error) : resolve()));
    });
};
