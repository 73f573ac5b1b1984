// Preload (`node --import`) that records the process's peak RSS in KiB when it exits.
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  const file = process.env.BENCH_RSS_FILE;
  if (file) writeFileSync(file, String(process.resourceUsage().maxRSS));
});
