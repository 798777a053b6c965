// One base for every path the tool prints (diff, summary, check, report, SARIF, JSON): the git
// top level when the target is inside a git work tree — so `git apply` works from it and
// SARIF for a module names services/app/build.gradle, as code scanning needs — and otherwise
// the directory given. Every output says which.
import { realpathSync } from 'node:fs';
import path from 'node:path';
import type { RunResult } from '../engine/types.js';
import { gitTopLevel } from '../engine/git.js';
import { applicationOf } from '../report/rules.js';

export interface PathBase {
  /** Absolute directory every printed path is relative to. */
  dir: string;
  kind: 'git top level' | 'directory given';
  /** What to put before a path relative to the scan root ('' or 'services/app/'). */
  prefix: string;
}

export function pathBase(root: string): PathBase {
  const top = gitTopLevel(root);
  if (!top) return { dir: root, kind: 'directory given', prefix: '' };
  const rel = path.relative(realpathSync(top), realpathSync(root)).split(path.sep).join('/');
  return { dir: top, kind: 'git top level', prefix: rel ? rel + '/' : '' };
}

/** The same result with every path relative to the base instead of the scan root (for output only). */
export function rebase(result: RunResult, base: PathBase): RunResult {
  if (!base.prefix) return result;
  const p = (x: string) => base.prefix + x;
  return {
    ...result,
    changes: result.changes.map((c) => ({ ...c, path: p(c.path) })),
    findings: result.findings.map((f) => ({
      ...f,
      path: p(f.path),
      ...(f.related ? { related: f.related.map((r) => ({ ...r, path: p(r.path) })), application: applicationOf(p(f.path)) } : {}),
    })),
    ...(result.modules ? { modules: result.modules.map((m) => ({ ...m, dir: m.dir ? base.prefix + m.dir : base.prefix.slice(0, -1), ...(m.build ? { build: p(m.build) } : {}) })) } : {}),
    errors: result.errors.map((f) => ({ ...f, path: p(f.path) })),
    stats: { ...result.stats, skipped: result.stats.skipped.map((s) => ({ ...s, path: p(s.path) })) },
  };
}

export function describeBase(base: PathBase): string {
  return `paths relative to ${base.dir} (${base.kind})`;
}
