import { describe, expect, it } from 'vitest';
import { graphToDot } from '../../src/export/graph-dot.js';
import { graphToMermaid } from '../../src/export/graph-mermaid.js';
import { row } from './graph-fixtures.js';

const input = {
  run: { id: 'r1', description: '', objective: { metric: 'score', direction: 'maximize' as const } },
  nodes: [row('a1', { role: 'baseline', score: 1 }), row('a2', { score: 1, flags: ['comments-only'] })],
  edges: [{ from: 'a1', to: 'a2', kind: 'parent' as const }],
  bestId: 'a1',
};

describe('audit flags in the graph', () => {
  it('draws the flags in the node label of dot and mermaid', () => {
    const dot = graphToDot(input);
    expect(dot).toMatch(/"a2" \[[^\]]*label="a2\\n[^"]*\\n\[comments-only\]"/);
    expect(graphToMermaid(input)).toContain('[comments-only]');
    expect(dot.split('\n').find((line) => line.trimStart().startsWith('"a1" ['))).not.toContain('[comments-only]');
  });
});
