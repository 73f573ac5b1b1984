import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createRepo } from './lib/fixture-repo.mjs';
import { git, runCliWithRss } from './lib/proc.mjs';
import { median } from './lib/stats.mjs';
import { writeSyntheticRun } from './lib/synthetic-store.mjs';
import { removeTempDir } from './lib/temp-dirs.mjs';

/** `swarm <args>` `samples` times in `repo`, writing to `file`: median wall, peak RSS, output size. */
const sample = async (repo, args, file, samples) => {
  const walls = [];
  const rss = [];
  for (let i = 0; i < samples; i++) {
    const result = await runCliWithRss(args, { cwd: repo, scratchDir: join(repo, '.git') });
    walls.push(result.wallMs);
    rss.push(result.rssMiB);
  }
  return { wallMedianMs: median(walls), rssMaxMiB: Math.max(...rss), outputBytes: statSync(file).size };
};

/**
 * Scenario 4: `swarm graph --format svg` and `--format png` on synthetic runs of each size in
 * `counts` (the run of `large-store.mjs`: waves of 4, merges, informed-by edges, 15% failures).
 * Checks that the SVG draws a folded tree and the PNG starts with the PNG signature.
 */
export const measurePictures = async ({ counts, samples, log }) => {
  const results = [];
  for (const count of counts) {
    const repo = createRepo(`pictures-${count}`, { evaluator: { command: `echo '{"score": 1}'` } });
    writeSyntheticRun({ repo, baseCommit: git(repo, 'rev-parse', 'HEAD'), count });
    const svgFile = join(repo, '.git', 'tree.svg');
    const pngFile = join(repo, '.git', 'tree.png');
    log(`pictures: swarm graph --format svg x${samples} on ${count} attempts`);
    const svg = await sample(repo, ['graph', '--format', 'svg', '-o', svgFile], svgFile, samples);
    const text = readFileSync(svgFile, 'utf8');
    const drawnNodes = text.split('class="node"').length - 1;
    if (drawnNodes === 0 || !text.includes('class="legend"')) throw new Error(`graph --format svg on ${count} attempts drew no tree`);
    log(`pictures: swarm graph --format png x${samples} on ${count} attempts`);
    const png = await sample(repo, ['graph', '--format', 'png', '-o', pngFile], pngFile, samples);
    if (readFileSync(pngFile).subarray(1, 4).toString() !== 'PNG') throw new Error(`graph --format png on ${count} attempts wrote no PNG`);
    removeTempDir(repo);
    results.push({ count, drawnNodes, svg, png });
  }
  return results;
};
