// The code side of a minor step, from boot-apis-3x.json: the types the minor (and Spring Framework's
// new line with it) removed, reported as errors where code names them; the types it deprecated for
// removal, reported as warnings; the types that left their jar with a same-named successor (the 3.2
// launchers), renamed in the files that name them.
import type { TypeChange } from '../../src/table/sections/targets.js';
import type { ApiFollowUp } from '../../src/table/sections/sources.js';
import { releaseNotes } from './targets.js';

export interface ApiRow {
  fqcn: string;
  kind: string;
  module: string;
  deprecated: { since: string | null; forRemoval: boolean; text: string | null; replacements: string[] } | null;
}
export interface ApisFile {
  steps: {
    minor: string;
    from: string;
    to: string;
    removed: ApiRow[];
    deprecated: ApiRow[];
    movedModule: { fqcn: string; from: string; to: string; replacedBy: string[] }[];
    libraries: { library: string; from: string; to: string; removed: ApiRow[] }[];
  }[];
}

const replacementOf = (r: ApiRow) => (r.deprecated?.replacements.length === 1 ? r.deprecated.replacements[0]! : null);
const textOf = (r: ApiRow) => (r.deprecated?.text ? r.deprecated.text.replace(/\{@(?:link|linkplain|code)\s+([^}]*)\}/g, '$1') : '');

/** A follow-up for code naming `r`: `what` says what happened to it ("was removed in Spring Boot 3.4"). */
function followUp(r: ApiRow, minor: string, what: string, severity: ApiFollowUp['severity'], fallback = ''): ApiFollowUp {
  const replacement = replacementOf(r);
  return {
    type: r.fqcn,
    kind: r.kind === 'annotation' ? 'annotation' : 'type',
    action: replacement ? 'rename' : 'manual',
    replacement,
    message: `${r.fqcn} ${what}${replacement ? `; use ${replacement}` : ''}${textOf(r) ? ` (${textOf(r)})` : fallback}`,
    docs: releaseNotes(minor),
    severity,
  };
}

export function typeChanges(apis: ApisFile, minor: string): { types: TypeChange[]; followUps: ApiFollowUp[] } {
  const step = apis.steps.find((s) => s.minor === minor);
  if (!step) throw new Error(`boot-apis-3x.json: no step ${minor}`);
  const source = `boot-apis-3x.json steps[${minor}]`;
  const types: TypeChange[] = [
    ...step.removed.map((r) => ({ fqcn: r.fqcn, kind: 'removed' as const, replacement: replacementOf(r), text: r.deprecated?.text ?? null, module: r.module, source: `${source}.removed` })),
    ...step.deprecated.map((r) => ({ fqcn: r.fqcn, kind: 'deprecated' as const, replacement: replacementOf(r), text: r.deprecated?.text ?? null, module: r.module, source: `${source}.deprecated` })),
  ];
  const removals = step.removed.map((r) => followUp(r, minor, `was removed in Spring Boot ${minor}`, 'error', ` (the ${r.kind === 'annotation' ? 'annotation' : 'type'} is gone from ${r.module})`));
  // a type a library line removed (Spring Framework 6.1 in Boot 3.2): an error where code names it
  const libraryRemovals = step.libraries.flatMap((l) => l.removed.map((r) => followUp(r, minor, `was removed in ${l.library} ${l.to.split('.').slice(0, 2).join('.')} (Spring Boot ${minor})`, 'error')));
  // deprecated for removal: still compiles on this minor; the minor that removes it reports it as an error
  const deprecations = step.deprecated.filter((r) => r.deprecated?.forRemoval).map((r) => followUp(r, minor, `is deprecated for removal since Spring Boot ${minor}`, 'warning'));
  return { types, followUps: [...removals, ...libraryRemovals, ...deprecations] };
}

/** Types that left their jar for another and have a same-named successor where they were (3.2's launchers). */
export function movedTypes(apis: ApisFile, minor: string): { from: string; to: string; module: string; source: string }[] {
  const step = apis.steps.find((s) => s.minor === minor)!;
  return step.movedModule
    .filter((m) => m.replacedBy.length === 1)
    .map((m) => ({ from: m.fqcn, to: m.replacedBy[0]!, module: m.to, source: `boot-apis-3x.json steps[${minor}].movedModule (${m.from} -> ${m.to})` }));
}
