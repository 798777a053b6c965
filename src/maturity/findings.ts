// Design findings beside the level, the checks of API design linters (Spectral, Zalando's
// guidelines, Google's AIP) that sharpen the level and its fixes: status codes of creates,
// collection names, query strings in path keys, problem+json errors, handlers for every method.
import type { Finding, Operation } from './model.js';
import type { Analysed } from './grade.js';
import { addressOf, InterfaceShape, isPrefixSegment } from './shape.js';
import { isParam, segments, words, type Vocabulary } from './vocabulary.js';
import { plural } from './fixes.js';

export function designFindings(raw: Operation[], analysed: Analysed[], shape: InterfaceShape, v: Vocabulary): Finding[] {
  return [...queryInPathKeys(raw), ...anyMethod(analysed), ...createStatus(analysed), ...singularCollections(analysed, shape, v), ...problemJson(analysed)];
}

/** `maturity/query-in-path-key`: an OpenAPI path key with a query string (`/rest?method=x`). */
function queryInPathKeys(raw: Operation[]): Finding[] {
  return raw
    .filter((o) => o.path.includes('?'))
    .map((o) => ({
      rule: 'maturity/query-in-path-key',
      message: `path key '${pathKey(o)}' holds a query string: OpenAPI path keys are paths, and a query that picks the operation is the level-0 tunnel shape`,
      location: o.location,
      fix: `one path per resource (${o.path.replace(/\?.*$/, '')}/...), with the query parameters under 'parameters' (in: query)`,
    }));
}

/** The document's own path key, from the operation's JSON pointer (a Swagger 2 basePath is not part of it). */
function pathKey(o: Operation): string {
  const m = /#\/paths\/(.*)\/[a-z]+$/.exec(o.location);
  return m ? m[1]!.replace(/~1/g, '/').replace(/~0/g, '~') : o.path;
}

/** `maturity/any-method`: a handler mapped without a method answers PUT and DELETE as it answers GET. */
function anyMethod(analysed: Analysed[]): Finding[] {
  return analysed
    .filter((a) => a.op.method === '*')
    .map((a) => ({ rule: 'maturity/any-method', message: `${a.op.handler ?? a.path} is mapped without a method and answers every one`, location: a.op.location, fix: `@GetMapping (or the method it implements) for ${a.path}` }));
}

/** `maturity/create-status`: a create (POST on a collection) should answer 201 with a Location header. */
function createStatus(analysed: Analysed[]): Finding[] {
  const out: Finding[] = [];
  for (const a of analysed) {
    const { op } = a;
    if (op.method !== 'POST' || a.level < 2 || !op.statuses?.length || isParam(segments(a.path).pop() ?? '')) continue;
    if (!op.statuses.includes('201') && !op.statuses.some((s) => s === '202' || s === '204')) {
      out.push({ rule: 'maturity/create-status', message: `POST ${a.path} creates but declares ${op.statuses.join(', ')}, not 201 Created`, location: op.location, fix: 'respond 201 Created with a Location header naming the new item' });
    } else if (op.statuses.includes('201') && op.responseHeaders && !op.responseHeaders.includes('location')) {
      out.push({ rule: 'maturity/create-status', message: `POST ${a.path} answers 201 without a Location header`, location: op.location, fix: 'add a Location header (the new item\'s address) to the 201 response' });
    }
  }
  return out;
}

/** `maturity/singular-collection`: a collection with items below it named in the singular (`/pet/{petId}`). */
function singularCollections(analysed: Analysed[], shape: InterfaceShape, v: Vocabulary): Finding[] {
  const out = new Map<string, Finding>();
  for (const a of analysed) {
    const segs = segments(a.path);
    segs.forEach((s, i) => {
      const next = segs[i + 1];
      if (isParam(s) || !next || !isParam(next) || isPrefixSegment(s, v) || s.includes('.')) return;
      const w = words(s);
      const lastWord = w[w.length - 1] ?? '';
      if (!/^[a-z]+$/.test(lastWord) || plural(lastWord) === lastWord || v.nouns.has(s.toLowerCase()) || v.subResourceNouns.has(s.toLowerCase())) return;
      const address = addressOf('/' + segs.slice(0, i + 1).join('/'));
      if (out.has(address) || !shape.addresses.has(addressOf('/' + segs.slice(0, i + 2).join('/')))) return;
      out.set(address, { rule: 'maturity/singular-collection', message: `collection '${s}' is named in the singular but holds items ('${segs.slice(0, i + 2).join('/')}')`, location: a.op.location, fix: `/${[...segs.slice(0, i), s.slice(0, s.length - lastWord.length) + plural(lastWord)].join('/')}` });
    });
  }
  return [...out.values()];
}

/** `maturity/problem-json`: error responses declared, none as application/problem+json (RFC 9457). */
function problemJson(analysed: Analysed[]): Finding[] {
  const declared = analysed.filter((a) => a.op.errorMedia?.length);
  if (!declared.length || declared.some((a) => a.op.errorMedia!.some((m) => /problem\+(json|xml)/.test(m)))) return [];
  return [{ rule: 'maturity/problem-json', message: `${declared.length} operation(s) declare error bodies, none as application/problem+json`, location: declared[0]!.op.location, fix: 'describe errors as application/problem+json (type, title, status, detail)' }];
}
