// The bin must be executable when run from a clone (npm sets the bit only on install).
import { chmodSync } from 'node:fs';
chmodSync(new URL('../dist/src/cli/main.js', import.meta.url), 0o755);
