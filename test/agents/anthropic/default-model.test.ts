import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ANTHROPIC_MODEL } from '../../../src/agents/anthropic/anthropic-api.js';

// The installed SDK's own tables: its model list and the models it warns about as deprecated.
const sdkDir = dirname(createRequire(import.meta.url).resolve('@anthropic-ai/sdk'));
const sdkFile = (path: string): string => readFileSync(join(sdkDir, path), 'utf8');

describe('DEFAULT_ANTHROPIC_MODEL', () => {
  it('is a model of the installed SDK\'s list', () => {
    const union = /export type Model = ([^;]+);/.exec(sdkFile('resources/messages/messages.d.ts'))?.[1] ?? '';
    expect(union).toContain(`'${DEFAULT_ANTHROPIC_MODEL}'`);
  });

  it('is not in the SDK\'s deprecated-models table', () => {
    const table = sdkFile('internal/data/deprecated-models.js');
    expect(table).toContain('DEPRECATED_MODELS');
    expect(table).not.toContain(`'${DEFAULT_ANTHROPIC_MODEL}'`);
  });
});
