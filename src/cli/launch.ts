#!/usr/bin/env node
// The bin. It runs the CLI's CommonJS program with the code cache the build made when that cache
// was made from these very bytes by this V8 (code-cache.ts), and compiles it as any script otherwise.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CachedLoader } from './code-cache.js';

const loader = new CachedLoader(path.dirname(fileURLToPath(import.meta.url)));
loader.program().start(() => loader.stats());
