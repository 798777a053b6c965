// What this run's parses of a text found, for the engine's last check. verify.ts parses every
// rewritten YAML, XML and .properties file (and, to count documents, the file as read); nearly
// always a pass has just parsed that very text without error: the confirming round of a file pass
// parses its final text, a project pass the texts it reads, the first round the text as read.
// Each parser notes its successes here, by kind, and the check asks before parsing again (10k
// bench: 31 ms and several MB of parse trees at the run's peak). Scoped to a run by the engine,
// so a long-lived process does not keep every text it ever parsed.

export type ParsedKind = 'yaml' | 'xml' | 'properties';

let memo: Record<ParsedKind, Map<string, number>> | undefined;

/** Starts remembering (a run begins) or stops and forgets (it ends). */
export function rememberParses(on: boolean): void {
  memo = on ? { yaml: new Map(), xml: new Map(), properties: new Map() } : undefined;
}

/** `text` parsed as `kind` without error, into `documents` documents (1 for XML). */
export function noteParsed(kind: ParsedKind, text: string, documents: number): void {
  memo?.[kind].set(text, documents);
}

/** The number of documents a parse of `text` as `kind` found in this run, or undefined when none did. */
export function parsedBefore(kind: ParsedKind, text: string): number | undefined {
  return memo?.[kind].get(text);
}
