#!/usr/bin/env node
// The bin. It runs the CLI from its CommonJS bundle with the code cache the build made
// (code-cache.ts), or, when that cache cannot be used here, from the ES module chunks.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CachedLoader } from './code-cache.js';

const loader = new CachedLoader(path.dirname(fileURLToPath(import.meta.url)));
const program = loader.program();
if (program) program.start(() => loader.stats());
else (await import('./start.js')).start();
