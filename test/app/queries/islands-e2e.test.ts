import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { countClass, expectValidXml, textsOf } from '../../export/svg-checks.js';
import { graph, runSearch, type GraphFormat } from '../../../src/index.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

const AttemptRows = z.array(z.object({ id: z.string(), role: z.string(), status: z.string(), parent: z.string().nullable() }));

/**
 * The islands as docs/pictures.md states the rule, read straight from the store: attempts oldest
 * first; a child keeps its first parent's island; any other searched attempt starts the next family,
 * families dealt round-robin over the islands (1-based here, as the picture labels them).
 */
const expectedIslands = (repo: ToyRepo, count: number): { islands: Map<number, string[]>; outside: string[] } => {
  const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true, fileMustExist: true });
  const rows = AttemptRows.parse(
    db.prepare(`SELECT a.id, a.role, a.status, (SELECT from_id FROM edges e WHERE e.to_id = a.id AND e.kind <> 'informed_by' AND e.position = 0) AS parent FROM attempts a ORDER BY a.seq`).all(),
  );
  db.close();
  const islandOf = new Map<string, number>();
  const outside: string[] = [];
  let families = 0;
  for (const row of rows) {
    if (row.role === 'baseline' || row.status === 'interrupted') {
      outside.push(row.id);
      continue;
    }
    islandOf.set(row.id, (row.parent === null ? undefined : islandOf.get(row.parent)) ?? (families++ % count) + 1);
  }
  const islands = new Map<number, string[]>();
  for (const [id, island] of islandOf) islands.set(island, [...(islands.get(island) ?? []), id].sort());
  return { islands: new Map([...islands].sort(([a], [b]) => a - b)), outside };
};

/** The graph of the repository's latest run in `format`, as text (the API's `swarm graph`). */
const drawn = async (repo: ToyRepo, format: GraphFormat): Promise<string> => {
  const { output } = await graph({ cwd: repo.dir, format });
  return typeof output === 'string' ? output : output.toString('utf8');
};

/** `subgraph "cluster_island_N" { ... }` blocks of the DOT text: island number -> node ids inside. */
const dotClusters = (dot: string): Map<number, string[]> => {
  const clusters = new Map<number, string[]>();
  for (const match of dot.matchAll(/subgraph "cluster_island_(\d+)" \{\n([\s\S]*?)\n {2}\}/g)) {
    const body = match[2] ?? '';
    expect(body).toContain(`label="island ${match[1]}"`);
    clusters.set(Number(match[1]), [...body.matchAll(/^ {4}"(a\d+)" \[/gm)].map((m) => m[1] ?? '').sort());
  }
  return clusters;
};

describe('islands of an evolve run drawn as Graphviz clusters', () => {
  let evolve: ToyRepo;
  let rules: ToyRepo;

  beforeAll(async () => {
    evolve = createToyRepo({ budget: { attempts: 9 }, shepherd: { policy: 'evolve', evolve: { islands: 2 } } });
    rules = createToyRepo({ budget: { attempts: 4 } });
    expect(await runSearch({ cwd: evolve.dir })).toMatchObject({ status: 'finished', problem: null });
    expect(await runSearch({ cwd: rules.dir })).toMatchObject({ status: 'finished', problem: null });
  }, 240_000);
  afterAll(() => {
    evolve.cleanup();
    rules.cleanup();
  });

  it('puts every searched attempt of an evolve run in its island\'s cluster, the baseline outside', async () => {
    const out = await drawn(evolve, 'dot');
    const expected = expectedIslands(evolve, 2);
    expect([...expected.islands.keys()]).toEqual([1, 2]);
    expect(dotClusters(out)).toEqual(expected.islands);
    // Outside every cluster: the baseline (it seeds every island).
    expect([...out.matchAll(/^ {2}"(a\d+)" \[/gm)].map((m) => m[1])).toEqual(expected.outside);
    expect(expected.outside).toHaveLength(1);
    expect((out.match(/subgraph /g) ?? []).length).toBe(2);
  });

  it('renders the clusters in the SVG and the HTML page', async () => {
    const svg = await drawn(evolve, 'svg');
    expectValidXml(svg);
    expect(countClass(svg, 'cluster')).toBe(2);
    expect(textsOf(svg)).toEqual(expect.arrayContaining(['island 1', 'island 2']));
    const html = await drawn(evolve, 'html');
    expect(html).toContain('cluster_island_2');
  });

  it('draws no cluster for a run of another policy', async () => {
    const dot = await drawn(rules, 'dot');
    expect(dot).not.toContain('subgraph');
    const svg = await drawn(rules, 'svg');
    expect(countClass(svg, 'cluster')).toBe(0);
  });
});
