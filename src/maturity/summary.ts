// What a person reads first: one sentence on how the resources split and what holds the level,
// and where the model itself leaves the answer open for this input.
import type { GradedResource, GradeInput, Level, Operation } from './model.js';

const KIND_NAMES: [string, string, string][] = [
  // evidence kind, singular, plural
  ['soap', 'SOAP operation', 'SOAP operations'],
  ['graphql', 'GraphQL endpoint', 'GraphQL endpoints'],
  ['rpc-field', 'operation named in the request', 'operations named in the request'],
  ['single-endpoint', 'single tunnel endpoint', 'single tunnel endpoints'],
  ['custom-method', 'custom method', 'custom methods'],
  ['procedure-name', 'procedure endpoint', 'procedure endpoints'],
  ['action-in-path', 'action endpoint', 'action endpoints'],
  ['post-on-item', 'POST on an item', 'POSTs on items'],
  ['any-method', 'handler for every method', 'handlers for every method'],
  ['post-only', 'POST-only operation', 'POST-only operations'],
];

const list = (all: string[], max = 3) => {
  const xs = [...new Set(all)];
  return xs.slice(0, max).join(', ') + (xs.length > max ? `, ... (${xs.length - max} more)` : '');
};

/** `12 of 14 resources are level 2; 2 action endpoints hold the minimum at 1: POST /a/x, POST /b/y.` */
export function headline(resources: GradedResource[], min: Level): string {
  if (!resources.length) return 'Nothing to grade.';
  const counts = new Map<Level, number>();
  for (const r of resources) counts.set(r.level, (counts.get(r.level) ?? 0) + 1);
  const [top, n] = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]!;
  const total = resources.length;
  const split = n === total ? `${total === 1 ? 'The only resource is' : total === 2 ? 'Both resources are' : `All ${total} resources are`} level ${top}` : `${n} of ${total} resources are level ${top}`;
  if (min === 3) return `${split}: every resource returns hypermedia controls.`;
  const held = resources.filter((r) => r.level === min).flatMap((r) => r.operations.filter((o) => o.level === min));
  if (min === 2) {
    return `${split}; no response of ${n === total ? 'any of them' : `the ${held.length} level-2 operation(s)`} carries links, which level 3 needs: ${list(held.map((o) => `${o.method} ${o.path}`))}.`;
  }
  const kinds = new Map<string, string[]>();
  for (const o of held) {
    const k = KIND_NAMES.find(([kind]) => o.evidence.some((e) => e.kind === kind));
    const name = k ? k : ['other', 'operation', 'operations'];
    kinds.set(name[0], [...(kinds.get(name[0]) ?? []), `${o.method} ${o.path}`]);
  }
  let subjects = 0;
  const parts = [...kinds.entries()].map(([kind, ops]) => {
    // a SOAP service is one address carrying its operations: counted once, with how many it carries
    if (kind === 'soap') {
      const services = [...new Set(ops)];
      subjects += services.length;
      return `${services.length} SOAP service${services.length === 1 ? '' : 's'} (${list(services)}, ${ops.length} operation${ops.length === 1 ? '' : 's'})`;
    }
    subjects += ops.length;
    const names = KIND_NAMES.find(([k]) => k === kind) ?? ['', 'operation', 'operations'];
    return `${ops.length} ${ops.length === 1 ? names[1] : names[2]} (${list(ops)})`;
  });
  const verb = subjects === 1 ? 'holds' : 'hold';
  if (n === total) return `${split}: ${parts.join('; ')} ${verb} it there.`;
  return `${split}; ${parts.join('; ')} ${verb} the minimum at ${min}.`;
}

/** Where the four-level model does not settle the answer for this input, said plainly. */
export function ambiguities(ops: Operation[], openSingle: Operation | undefined, input: GradeInput): string[] {
  const out: string[] = [];
  if (openSingle) {
    out.push(`One address and one method carry the whole interface (${openSingle.method} ${openSingle.path}), but nothing names an operation in the request and the address names a resource: the model calls one address and one method level 0 for a tunnel; this is graded as a resource instead. Check that it does not dispatch on its payload.`);
  }
  const by = (k: Operation['ambiguity']) => ops.filter((o) => o.ambiguity === k).map((o) => `${o.method} ${o.path}`);
  const examples = by('links-in-examples');
  if (examples.length) out.push(`${examples.length} operation(s) show links only in their examples, not in their response schemas (${list(examples)}): graded without links. The model does not say whether an example is a contract; if the service sends them, level 3 may be deserved.`);
  const urls = by('url-fields');
  if (urls.length) out.push(`${urls.length} operation(s) return URLs in plain fields (a uri format or an http(s) example) rather than link objects (${list(urls)}): graded as no hypermedia. The model asks for links that guide the caller's next action; plain URL fields are a weaker form it does not grade.`);
  const html = by('html');
  if (html.length) out.push(`${html.length} handler(s) render HTML views (${list(html)}): the model grades machine interfaces; for a browser application, pages link and post forms by nature, so its level says little here.`);
  const unknown = ops.filter((o) => o.hypermedia === 'unknown');
  if (unknown.length && input.kind === 'source') out.push(`${unknown.length} response(s) are not visible in the sources (${list(unknown.map((o) => `${o.method} ${o.path}`))}): not held against level 3, and not counted for it.`);
  const anyMethod = ops.filter((o) => o.method === '*' && !o.bodyFields.length);
  if (anyMethod.length) out.push(`${anyMethod.length} handler(s) answer every HTTP method (${list(anyMethod.map((o) => o.path))}): graded as the read they implement; a PUT or DELETE to them would do the same as a GET.`);
  return out;
}
