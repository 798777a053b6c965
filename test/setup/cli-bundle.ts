// Global setup: the CLI bundled once from the current sources (scripts/bundle.mjs, the build
// users get, code cache included) into a folder of its own under dist/, for every test that runs
// the CLI as a process (test/helpers/cli-process.ts). A process started from the bundle costs a
// fifth of the CPU of one that compiles the TypeScript sources through tsx on each start, and
// the suite starts a few hundred of them. Removed when the run ends.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of the bundled CLI (its bin is boot-upgrade.js). */
    cliBundle: string;
  }
}

const ROOT = path.resolve(__dirname, '..', '..');

export default function setup(project: TestProject): () => void {
  mkdirSync(path.join(ROOT, 'dist'), { recursive: true });
  const out = mkdtempSync(path.join(ROOT, 'dist', 'test-cli-'));
  try {
    execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'bundle.mjs'), out], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  } catch (e) {
    rmSync(out, { recursive: true, force: true });
    throw e;
  }
  project.provide('cliBundle', out);
  return () => rmSync(out, { recursive: true, force: true });
}
