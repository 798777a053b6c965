// The tool's version, from its package.json. A module of its own so that `--version` loads
// nothing else (common.ts, which re-exports it, imports every transform for option checks).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../table/load.js';

export const version = (): string => (JSON.parse(readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
