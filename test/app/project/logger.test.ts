import { describe, expect, it } from 'vitest';
import { LogFile } from '../../../src/app/project/logger.js';

describe('the run log file', () => {
  // /dev/full fails every write with ENOSPC: the log drops the line instead of throwing.
  it('never throws on a full disk, and counts what it dropped', () => {
    const file = new LogFile('/dev/full');
    expect(() => {
      file.write('{"msg":"one"}\n');
      file.write('{"msg":"two"}\n');
    }).not.toThrow();
    expect(file.dropped).toBe(2);
    file.close();
    expect(() => file.write('after close\n')).not.toThrow();
  });
});
