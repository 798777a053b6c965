// What is left out of the grade, and why: framework endpoints (actuator, error controllers, API
// docs), paths the config file ignores, and beside an API the parts that are not API: HTML pages
// rendered for a browser and catch-all paths that forward or serve everything below them.
import type { Excluded, GradeInput, Operation } from './model.js';
import { normalizePath } from './shape.js';
import { matchGlob, overrideFor, segments, type Vocabulary } from './vocabulary.js';

/** A segment that stands for any number of segments (`**`, Spring's `{*path}`): the rest of the address. */
const isRestSegment = (s: string) => s === '**' || /^\{\*[^}]*\}$/.test(s);

/** The path ends in a catch-all (`/legacy/**`, `/files/{*path}`): it forwards or serves every address below. */
export function isCatchAll(path: string): boolean {
  return isRestSegment(segments(path).pop() ?? '');
}

function frameworkReason(op: Operation, path: string, v: Vocabulary): string | undefined {
  if (overrideFor(path, v) === 'ignore') return 'ignored by the config file';
  if (v.includeFramework) return undefined;
  if (path === '/actuator' || path.startsWith('/actuator/')) return 'actuator endpoint';
  const cls = op.handler?.split('#')[0];
  if (cls && v.excludedHandlers.includes(cls)) return 'framework or error controller';
  if (path === '/error' || path.startsWith('/error/')) return 'error controller';
  if (v.excludedPaths.some((g) => matchGlob(g, path))) return 'framework endpoint';
  return undefined;
}

/** Not the API, when an API is beside it: a page for a browser, a catch-all that forwards. */
function besideApiReason(op: Operation): string | undefined {
  if (op.ambiguity === 'html') return 'HTML page rendered for a browser, beside the API: not part of it';
  if (isCatchAll(op.path)) return `catch-all path: forwards or serves every address below ${'/' + segments(op.path).slice(0, -1).join('/')}, not one resource`;
  return undefined;
}

/** The operations to grade (paths normalized) and those left out with their reason. */
export function partition(input: GradeInput, v: Vocabulary): { ops: Operation[]; excluded: Excluded[] } {
  const excluded: Excluded[] = [...input.excluded];
  const kept: Operation[] = [];
  for (const op of input.operations) {
    const path = normalizePath(op.path);
    const reason = frameworkReason(op, path, v);
    if (reason) excluded.push({ operation: `${op.method} ${path}`, location: op.location, reason });
    else kept.push({ ...op, path });
  }
  // pages and catch-alls are graded only when they are all there is (a browser application, a pure proxy)
  if (!kept.some((op) => !besideApiReason(op))) return { ops: kept, excluded };
  const ops: Operation[] = [];
  for (const op of kept) {
    const reason = besideApiReason(op);
    if (reason) excluded.push({ operation: `${op.method} ${op.path}`, location: op.location, reason });
    else ops.push(op);
  }
  return { ops, excluded };
}
