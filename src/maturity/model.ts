// What every input (source inventory, OpenAPI document, live probe) is turned into before
// grading: operations with the facts the levels need and where each fact was seen.

export type Level = 0 | 1 | 2 | 3;

/** `src/Foo.java:12` or an OpenAPI JSON pointer `openapi.yaml#/paths/~1api~1users/get`. */
export type Location = string;

export type EvidenceKind =
  | 'single-endpoint'
  | 'soap'
  | 'rpc-field'
  | 'action-in-path'
  | 'any-method'
  | 'post-only'
  | 'post-on-item'
  | 'methods'
  | 'read-only'
  | 'hypermedia-type'
  | 'hypermedia-media-type'
  | 'link-builder'
  | 'links-schema'
  | 'next-actions'
  | 'spring-data-rest'
  | 'live-links'
  | 'live-allow'
  | 'no-hypermedia'
  | 'no-body'
  | 'override';

export interface Evidence {
  kind: EvidenceKind;
  message: string;
  location?: Location;
}

/** Whether the response can carry links, and whether it does. */
export type Hypermedia = 'links' | 'none' | 'no-body' | 'unknown';

export interface Operation {
  /** Upper-case method, or '*' for a mapping that accepts every method. */
  method: string;
  path: string;
  handler?: string;
  location: Location;
  produces: string[];
  consumes: string[];
  /** Query/path parameter names. */
  params: string[];
  /** Field names of the request body, when known. */
  bodyFields: string[];
  soap: boolean;
  operationName?: string;
  hypermedia: Hypermedia;
  /** Facts found by the input reader (hypermedia, SOAP...), carried into the report. */
  evidence: Evidence[];
}

export interface Excluded {
  operation: string;
  location: Location;
  reason: string;
}

export interface GradeInput {
  kind: 'source' | 'openapi' | 'probe';
  path: string;
  operations: Operation[];
  excluded: Excluded[];
  /** What the input reader wants the user to know (remote $ref not fetched, unreadable file...). */
  notes: string[];
  /** Suggested fix style for level 3 (Spring HATEOAS for Spring sources, a schema change for OpenAPI). */
  style: 'spring' | 'jax-rs' | 'openapi' | 'generic';
}

export interface GradedOperation {
  method: string;
  path: string;
  level: Level;
  handler?: string;
  location: Location;
  evidence: Evidence[];
}

export interface Blocking {
  /** The level this finding keeps the resource from reaching. */
  level: Level;
  resource: string;
  operation?: string;
  message: string;
  fix: string;
  location?: Location;
}

export interface GradedResource {
  path: string;
  level: Level;
  methods: string[];
  evidence: Evidence[];
  operations: GradedOperation[];
  blocking: Blocking[];
}

export interface Report {
  level: Level;
  rule: 'min' | 'majority';
  derivation: string;
  input: { kind: GradeInput['kind']; path: string; url?: string };
  summary: { resources: number; operations: number; excluded: number; resourcesByLevel: Record<'0' | '1' | '2' | '3', number> };
  evidence: Evidence[];
  resources: GradedResource[];
  /** What keeps the overall level from rising: the blocking findings of the resources at that level. */
  blocking: Blocking[];
  excluded: Excluded[];
  notes: string[];
}
