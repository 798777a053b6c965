// What a Spring handler's response carries: hypermedia types in the declared return type (or
// behind a wildcard bound), what the handler body actually builds when the type says nothing
// (`ResponseEntity<?>`), framework-injected assemblers, same-file helpers, link fields of the
// project's model classes, or no body at all.
import { escapeRegExp } from '../engine/text.js';
import type { InputFile, Route } from '../routes/index.js';
import type { Evidence, Hypermedia } from './model.js';
import { identifiers, typeBody, type TypeInfo } from './source-types.js';
import type { Vocabulary } from './vocabulary.js';

/** Return types that say nothing about the body: the handler's code decides what is returned. */
const OPEN_RETURN = /^(ResponseEntity|HttpEntity|Mono<ResponseEntity|Object|Any|Mono<\?>|Mono<Any>)(<\s*(\?|\*|Object|Any|\?\s*extends\s*\w+)\s*>+)?$/;
/** How a handler answers without a body: `ResponseEntity.EMPTY`, `noContent()`, a builder's `.build()`, a status alone. */
const NO_BODY_FORMS = /\b(?:Response|Http)Entity\.EMPTY\b|\bnoContent\(\)|HttpStatus\.NO_CONTENT|\.build\s*(?:<[^>]*>)?\s*\(\s*\)|\bResponseEntity\s*(?:<[^>]*>)?\s*\(\s*HttpStatus\.\w+\s*\)/;
/** How it answers with one: `.body(x)`, `ok(x)`, `ResponseEntity.of(...)`, `new ResponseEntity<>(x, status)`. */
const BODY_FORMS = /\.body\s*\(|\bok\s*\(\s*[^)\s]|\bResponseEntity\.of(?:Nullable)?\s*\(|\b(?:Response|Http)Entity\s*(?:<[^>]*>)?\s*\(\s*(?!HttpStatus\b)[^)\s]/;
const NO_BODY_RETURN = /^(void|Unit|ResponseEntity<Void>|ResponseEntity<Unit>|Mono<Void>|Mono<Unit>|HttpEntity<Void>|Mono<ResponseEntity<Void>>)$/;

export function hypermediaOf(r: Route, files: InputFile[], types: Map<string, TypeInfo>, v: Vocabulary, location: string): { hypermedia: Hypermedia; evidence: Evidence[] } {
  const evidence: Evidence[] = [];
  const media = r.produces.find((p) => v.hypermediaMediaTypes.includes(p.split(';')[0]!.trim()));
  if (media) evidence.push({ kind: 'hypermedia-media-type', message: `produces ${media}`, location });
  const ret = (r.returnType ?? '').replace(/\s+/g, '');
  // names are read from the type as written: `? extends RepresentationModel<?>` must not become one word
  const hmType = identifiers(r.returnType ?? '').find((n) => v.hypermediaTypes.includes(n));
  if (hmType) evidence.push({ kind: 'hypermedia-type', message: `returns ${hmType} (Spring HATEOAS): ${r.returnType}`, location });
  const file = files.find((f) => f.path === r.file);
  const body = file && r.body ? file.text.slice(r.body.start, r.body.end) : '';
  // follow what the handler actually returns: the declared type, or for ResponseEntity<?> the types its body builds
  const model = modelWithLinks(r.returnType ?? '', types, v) ?? (OPEN_RETURN.test(ret) || !ret ? modelWithLinks(constructed(body, types).join(' '), types, v) : undefined);
  if (model) evidence.push(model.kind === 'next-actions' ? { kind: 'next-actions', message: model.message, location: model.location } : { kind: 'hypermedia-type', message: model.message, location: model.location });
  const builder = v.linkBuilders.find((b) => body.includes(b));
  if (builder) evidence.push({ kind: 'link-builder', message: `the handler builds links (${builder.replace(/\($/, '(...)')})`, location });
  // an assembler handed in by the framework (PersistentEntityResourceAssembler, PagedResourcesAssembler)
  const injected = !builder && r.params.map((p) => identifiers(p.type).find((n) => v.hypermediaTypes.includes(n) || /ResourceAssembler$|ModelAssembler$/.test(n))).find(Boolean);
  if (injected) evidence.push({ kind: 'link-builder', message: `the handler takes a ${injected} to build its representation`, location });
  const helper = !builder && !injected && file ? hypermediaHelper(body, file.text, v) : undefined;
  if (helper) evidence.push({ kind: 'hypermedia-type', message: `the handler returns through ${helper.name}(...), which returns ${helper.ret}`, location });
  if (evidence.length) return { hypermedia: 'links', evidence };
  if (NO_BODY_RETURN.test(ret)) return { hypermedia: 'no-body', evidence };
  if (OPEN_RETURN.test(ret) && NO_BODY_FORMS.test(body) && !BODY_FORMS.test(body)) return { hypermedia: 'no-body', evidence };
  if (r.returnType === undefined && r.framework !== 'router-function') return { hypermedia: 'no-body', evidence };
  return { hypermedia: r.returnType === undefined ? 'unknown' : 'none', evidence };
}

/** A method of the same file the handler calls (or references, `this::createReceiptResponse`) whose declared return type is a hypermedia type (`createReceiptResponse(...)`). */
function hypermediaHelper(body: string, text: string, v: Vocabulary): { name: string; ret: string } | undefined {
  for (const m of body.matchAll(/(?:\b|::)([a-z]\w*)\s*\(|::([a-z]\w*)\b/g)) {
    const name = (m[1] ?? m[2])!;
    const esc = name.replace(/\$/g, '\\$');
    const java = new RegExp(`([\\w.<>?,\\s]+?)\\s+${esc}\\s*\\([^)]*\\)\\s*(throws[^{]*)?\\{`).exec(text);
    const kotlin = new RegExp(`fun\\s+${esc}\\s*\\([^)]*\\)\\s*:\\s*([\\w.<>?*,\\s]+?)\\s*[={]`).exec(text);
    const ret = (java?.[1] ?? kotlin?.[1] ?? '').trim().split(/\s+/).pop() ?? '';
    if (identifiers(ret).some((n) => v.hypermediaTypes.includes(n))) return { name, ret };
  }
  return undefined;
}

/** Project types a handler body constructs or converts to (`new OrderModel(`, Kotlin `OrderModel(`). */
function constructed(body: string, types: Map<string, TypeInfo>): string[] {
  return [...new Set([...body.matchAll(/\b(?:new\s+)?([A-Z]\w*)\s*(?:<[^>]*>)?\s*\(/g)].map((m) => m[1]!).filter((n) => types.has(n)))];
}

/** A project type in the return type (or one it holds, two levels deep) that extends RepresentationModel or has a link field. */
function modelWithLinks(ret: string, types: Map<string, TypeInfo>, v: Vocabulary): { kind: 'next-actions' | 'model'; message: string; location: string } | undefined {
  const seen = new Set<string>();
  let frontier = identifiers(ret).filter((n) => types.has(n));
  for (let depth = 0; depth < 3 && frontier.length; depth++) {
    const next: string[] = [];
    for (const n of frontier) {
      if (seen.has(n)) continue;
      seen.add(n);
      const info = types.get(n)!;
      const line = info.text.slice(0, info.decl.offset).split('\n').length;
      const location = `${info.file.path}:${line}`;
      if (v.hypermediaTypes.some((h) => new RegExp(`\\b${escapeRegExp(h)}\\b`).test(info.decl.header))) return { kind: 'model', message: `${n} extends ${info.decl.header.match(/\b(RepresentationModel|EntityModel|CollectionModel|ResourceSupport)\b/)?.[0] ?? 'a hypermedia model'}`, location };
      // a subclass of a project class that extends RepresentationModel: follow the supertypes too
      next.push(...identifiers(info.decl.header).filter((x) => x !== n && types.has(x) && !seen.has(x)));
      const body = typeBody(info);
      const field = v.linkFields.find((f) => new RegExp(`(\\bval\\s+|\\bvar\\s+|[\\w>\\]]\\s+)${escapeRegExp(f)}\\s*[:;,)=]`).test(body));
      if (field) return { kind: field === 'nextActions' ? 'next-actions' : 'model', message: `${n} has a ${field} field${field === 'nextActions' ? ' (follow-up paths)' : ''}`, location };
      next.push(...identifiers(body).filter((x) => types.has(x) && !seen.has(x)));
    }
    frontier = next;
  }
  return undefined;
}
