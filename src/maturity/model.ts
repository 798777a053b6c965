// What every input (source inventory, OpenAPI document, live probe) is turned into before
// grading: operations with the facts the levels need and where each fact was seen.

export type Level = 0 | 1 | 2 | 3;

/** `src/Foo.java:12` or an OpenAPI JSON pointer `openapi.yaml#/paths/~1api~1users/get`. */
export type Location = string;

export type EvidenceKind =
  | 'single-endpoint'
  | 'soap'
  | 'rpc-field'
  | 'graphql'
  | 'procedure-name'
  | 'custom-method'
  | 'domain-field'
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
  /**
   * Known values of a request field or query parameter that pick the operation: OpenAPI enums
   * and path keys (`/rest?method=photos.search`), Spring `params = "action=getUser"` conditions.
   */
  selectors?: Record<string, string[]>;
  /** A framework endpoint whose request names the operation (GraphQL's one POST). */
  graphql?: boolean;
  /** How many operations this one address carries, when more than one (a GraphQL endpoint's query and mutation fields): its weight under the majority rule. */
  carries?: number;
  /** What the input shows but the model does not settle (links only in examples, `*_url` fields, HTML views). */
  ambiguity?: Ambiguity;
  /** Success status codes the input declares (OpenAPI), for the design findings. */
  statuses?: string[];
  /** Response headers declared on the success responses (OpenAPI), lower-case. */
  responseHeaders?: string[];
  /** Error media types declared (OpenAPI 4xx/5xx/default). */
  errorMedia?: string[];
}

export type Ambiguity = 'links-in-examples' | 'url-fields' | 'html';

/** A design finding beside the level (status codes, names, path keys): it sharpens the level's fixes. */
export interface Finding {
  rule: string;
  message: string;
  location?: Location;
  fix?: string;
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
  /** The documents actually graded when a directory was given (its OpenAPI files). */
  documents?: string[];
  /** Controllers whose mappings live in interfaces generated at build time (`PetsController implements PetsApi`). */
  generatedInterfaces?: string[];
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
  /** One sentence a person can act on: how the resources split and what holds the level. */
  headline: string;
  level: Level;
  rule: 'min' | 'majority';
  derivation: string;
  /** The overall level under both rules. */
  levels: { min: Level; majority: Level };
  input: { kind: GradeInput['kind']; path: string; url?: string; documents?: string[] };
  summary: { resources: number; operations: number; excluded: number; resourcesByLevel: Record<'0' | '1' | '2' | '3', number> };
  evidence: Evidence[];
  resources: GradedResource[];
  /** What keeps the overall level from rising: the blocking findings of the resources at that level. */
  blocking: Blocking[];
  excluded: Excluded[];
  /** Where the model itself leaves the answer open for this input. */
  ambiguities: string[];
  /** Design findings beside the level (rule ids `maturity/...`). */
  findings: Finding[];
  notes: string[];
}
