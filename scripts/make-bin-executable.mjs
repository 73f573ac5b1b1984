// tsc does not keep the executable bit; the bin must be runnable after every build.
import { chmodSync } from 'node:fs';
for (const entry of ['bin.cjs', 'main.js']) chmodSync(new URL(`../dist/cli/${entry}`, import.meta.url), 0o755);
