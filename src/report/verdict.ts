// The verdict of a run, the first thing a person or a runner over many repositories reads:
// migrated with nothing left by hand; migrated with N errors to fix by hand; left on Spring Boot 2
// (its Boot comes from a parent or BOM outside the repository: nothing changed, the errors say what
// to raise); not a Spring Boot 2 repository (nothing changed); already on Spring Boot 3.x. Decided from the
// module decision (each module's Boot line as read), the changes and the error findings; per
// module when the modules of a build differ.
import type { ModuleLine, RunResult } from '../engine/types.js';

export type VerdictKind = 'migrated' | 'migrated-with-errors' | 'left-on-spring-boot-2' | 'not-spring-boot-2' | 'already-spring-boot-3';

export interface ModuleVerdict {
  /** The module's folder ('.' for the root). */
  path: string;
  build?: string;
  kind: VerdictKind;
  /** The Boot version its build resolves, when the repository says. */
  bootVersion?: string;
  errors: number;
}

export interface Verdict {
  kind: VerdictKind;
  /** Error findings left to fix by hand. */
  errors: number;
  message: string;
  /** Present when the modules' verdicts differ. */
  modules?: ModuleVerdict[];
}

/** How the run was asked: it wrote (migrate), or it only looked (a dry run, check, report). */
export type VerdictMode = 'written' | 'planned';

const under = (p: string, dir: string) => dir === '' || p === dir || p.startsWith(dir + '/');

function deepest(modules: ModuleLine[], p: string): ModuleLine | undefined {
  let best: ModuleLine | undefined;
  for (const m of modules) if (under(p, m.dir) && (!best || m.dir.length > best.dir.length)) best = m;
  return best;
}

function kindOf(line: ModuleLine['line'] | undefined, errors: number, changed: boolean, kept = false): VerdictKind {
  if (kept && !changed) return 'left-on-spring-boot-2';
  if (line === 'none') return 'not-spring-boot-2';
  if (line === 'later') return 'already-spring-boot-3';
  if (line === 'boot3' && errors === 0 && !changed) return 'already-spring-boot-3';
  return errors ? 'migrated-with-errors' : 'migrated';
}

export function verdictOf(result: RunResult, mode: VerdictMode): Verdict {
  const errors = result.findings.filter((f) => f.severity === 'error');
  const modules = result.modules ?? [];
  const perModule: ModuleVerdict[] = modules.map((m) => {
    const mine = (p: string) => deepest(modules, p) === m;
    const n = errors.filter((f) => mine(f.path)).length;
    const changed = result.changes.some((c) => mine(c.path));
    return { path: m.dir || '.', ...(m.build ? { build: m.build } : {}), kind: kindOf(m.line, n, changed, m.kept), ...(m.version ? { bootVersion: m.version } : {}), errors: n };
  });
  const kinds = new Set(perModule.map((m) => m.kind));
  let kind: VerdictKind;
  if (perModule.length && [...kinds].every((k) => k === 'not-spring-boot-2')) kind = 'not-spring-boot-2';
  else if (perModule.length && [...kinds].every((k) => k === 'not-spring-boot-2' || k === 'already-spring-boot-3') && errors.length === 0 && result.changes.length === 0) kind = 'already-spring-boot-3';
  else if (perModule.length && kinds.has('left-on-spring-boot-2') && [...kinds].every((k) => k === 'left-on-spring-boot-2' || k === 'not-spring-boot-2' || k === 'already-spring-boot-3') && result.changes.length === 0) kind = 'left-on-spring-boot-2';
  else kind = errors.length ? 'migrated-with-errors' : 'migrated';
  return {
    kind,
    errors: errors.length,
    message: message(kind, errors.length, mode, modules, result),
    ...(kinds.size > 1 ? { modules: perModule } : {}),
  };
}

function message(kind: VerdictKind, errors: number, mode: VerdictMode, modules: ModuleLine[], result: RunResult): string {
  const boot = `Spring Boot ${result.target?.minor ?? '3.0'}`; // the line --boot-version names
  switch (kind) {
    case 'migrated':
      return mode === 'written' ? `migrated to ${boot}: nothing left to fix by hand` : result.changes.length ? `migrates to ${boot} with nothing left to fix by hand` : 'nothing left to migrate or to fix by hand';
    case 'migrated-with-errors':
      return mode === 'written' ? `migrated to ${boot} with ${errors} error(s) to fix by hand` : `${errors} error(s) to fix by hand for ${boot}`;
    case 'left-on-spring-boot-2':
      return `not migrated: left on Spring Boot 2, whose version comes from outside the repository or cannot be read; ${errors} error(s) say what to raise first`;
    case 'not-spring-boot-2':
      return result.stats.read === 0 ? 'not a Spring Boot 2 repository: nothing to read, nothing changed' : 'not a Spring Boot 2 repository (no build in it resolves Spring Boot): nothing changed';
    case 'already-spring-boot-3': {
      const versions = [...new Set(modules.map((m) => m.version).filter((v): v is string => !!v))];
      return `already on Spring Boot 3.x${versions.length ? ` (${versions.join(', ')})` : ''}: nothing to migrate`;
    }
  }
}

/** Module names listed per kind on the verdict's lines (the JSON lists every module). */
const NAMES_PER_KIND = 8;

const KIND_TEXT: Record<VerdictKind, string> = {
  'migrated-with-errors': 'with errors to fix by hand',
  migrated: 'nothing left by hand',
  'left-on-spring-boot-2': 'left on Spring Boot 2 (see the errors)',
  'not-spring-boot-2': 'not Spring Boot modules, left as they are',
  'already-spring-boot-3': 'already on Spring Boot 3.x, left as they are',
};

/** `verdict: ...`, then, when the modules differ, one line per kind of module with their folders. */
export function verdictLines(v: Verdict): string[] {
  const lines = [`verdict: ${v.message}`];
  if (!v.modules) return lines;
  for (const kind of ['migrated-with-errors', 'left-on-spring-boot-2', 'migrated', 'already-spring-boot-3', 'not-spring-boot-2'] as VerdictKind[]) {
    const list = v.modules.filter((m) => m.kind === kind);
    if (!list.length) continue;
    const names = list.slice(0, NAMES_PER_KIND).map((m) => (kind === 'migrated-with-errors' ? `${m.path} (${m.errors})` : m.path));
    const more = list.length > NAMES_PER_KIND ? ` and ${list.length - NAMES_PER_KIND} more` : '';
    lines.push(`  ${list.length} module(s) ${KIND_TEXT[kind]}: ${names.join(', ')}${more}`);
  }
  return lines;
}
