// tsc does not keep the executable bit; the bin must be runnable after every build.
import { chmodSync } from 'node:fs';
chmodSync(new URL('../dist/cli/main.js', import.meta.url), 0o755);
