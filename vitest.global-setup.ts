import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Integration tests run the built CLI; build once if `npm test` did not already. */
export default function setup(): void {
  if (!existsSync(new URL('./dist/cli/main.js', import.meta.url))) {
    execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
  }
}
