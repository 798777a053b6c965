// The last gate before a change leaves the engine: a rewritten YAML, XML or .properties file is
// parsed again, and a change that breaks a file that parsed before is refused (never written)
// with an error finding. Every pass edits by position and should keep a file valid; this catches
// the pass that does not (an append at column 0 below an indented root mapping) before the
// user's file is turned into one their application cannot load.
import { yamlLib } from '../formats/yaml-lib.js';
import { parseProperties } from '../formats/properties.js';
import { parseXml } from '../formats/xml.js';
import { duplicateKey } from '../formats/yaml-keys.js';
import { parsedBefore } from '../formats/parse-memo.js';
import { aliasChange, aliasView, type AliasView } from '../formats/yaml-aliases.js';
import type { FileKind } from './types.js';

type Checker = (text: string) => { ok: true; docs?: number } | { ok: false; problem: string };

function firstLine(message: string): string {
  return message.split('\n')[0]!.replace(/:$/, '');
}

function parseYaml(text: string): { ok: true; docs: number; aliases: AliasView[] } | { ok: false; problem: string } {
  const list = [...yamlLib().parseAllDocuments(text, { uniqueKeys: false })];
  for (const doc of list) {
    if (doc.errors[0]) return { ok: false, problem: firstLine(doc.errors[0].message) };
    const duplicate = duplicateKey(doc);
    if (duplicate) return { ok: false, problem: duplicate.message };
  }
  return { ok: true, docs: list.length, aliases: list.map(aliasView) };
}

const yaml: Checker = (text) => {
  const known = parsedBefore('yaml', text);
  if (known !== undefined) return { ok: true, docs: known };
  return parseYaml(text);
};

/**
 * A YAML rewrite must keep what every alias stands for (yaml-aliases.ts): the documents are
 * compared resolved, not only parsed. Only a text with an alias (`*`) can have one.
 */
function yamlAliasProblem(before: string, after: string): string | undefined {
  if (!after.includes('*')) return undefined;
  const now = parseYaml(after);
  const was = parseYaml(before);
  if (!now.ok || !was.ok) return undefined; // judged by the parse itself
  // a document the text had an unresolved alias in already is not judged (it did not load before either)
  for (let i = 0; i < now.aliases.length; i++) {
    if (was.aliases[i]?.unresolved !== undefined) continue;
    const change = aliasChange(was.aliases[i] ?? { meanings: new Map() }, now.aliases[i]!);
    if (change) return change;
  }
  return undefined;
}

const xml: Checker = (text) => {
  if (parsedBefore('xml', text) !== undefined) return { ok: true };
  try {
    parseXml(text);
    return { ok: true };
  } catch (e) {
    return { ok: false, problem: (e as Error).message };
  }
};

const properties: Checker = (text) => {
  const known = parsedBefore('properties', text);
  if (known !== undefined) return { ok: true, docs: known };
  try {
    return { ok: true, docs: parseProperties(text).documents.length };
  } catch (e) {
    return { ok: false, problem: (e as Error).message };
  }
};

const CHECKERS: Partial<Record<FileKind, Checker>> = {
  yaml,
  pom: xml,
  'jpa-xml': xml,
  xml,
  properties,
  'spring-factories': properties,
  'gradle-properties': properties,
  'gradle-wrapper': properties,
  'validation-messages': properties,
};

/** Whether breaksFile checks files of this kind (it answers undefined for the others). */
export function verifies(kind: FileKind): boolean {
  return CHECKERS[kind] !== undefined;
}

/**
 * Why the change from `before` to `after` must not be written, or undefined when it may.
 * A file that did not parse before is not judged (no pass edits it; a project pass may append).
 * The number of documents (YAML `---`, properties `#---`) is part of the file's meaning: a change
 * that merges or splits documents is refused too.
 * The text after is parsed first: the text before is parsed only when its answer can matter
 * (the after fails, or documents are counted), so a rewritten XML file is parsed once, not twice.
 */
export function breaksFile(kind: FileKind, before: string, after: string): string | undefined {
  const check = CHECKERS[kind];
  if (!check) return undefined;
  const now = check(after);
  if (now.ok && now.docs === undefined) return undefined; // whatever before was, nothing to refuse
  const was = check(before);
  if (!was.ok) return undefined;
  if (!now.ok) return `the rewritten file would not parse (${now.problem})`;
  if (was.docs !== undefined && now.docs !== was.docs) return `the rewrite would turn ${was.docs} document(s) into ${now.docs}`;
  return kind === 'yaml' ? yamlAliasProblem(before, after) : undefined;
}
