// Preload (`node --import`) that records the process's resource usage (peak RSS in KiB, CPU in µs) when it exits.
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  const file = process.env.BENCH_RSS_FILE;
  if (file) writeFileSync(file, JSON.stringify(process.resourceUsage()));
});
