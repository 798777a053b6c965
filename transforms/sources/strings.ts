// String literals that name a moved javax package: request attributes
// ("javax.servlet.error.status_code"), JPA hints and properties ("javax.persistence.lock.timeout",
// "javax.persistence.schema-generation.*"), class names for reflection, and Bean Validation
// message templates ("{javax.validation.constraints.NotNull.message}"). Strings are never
// rewritten (a string may be a key the application itself defines); each one is reported with
// its jakarta spelling so a person can change it.
import type { FindingInput } from '../../src/engine/types.js';
import { type CodeIndex, type FileModel, RULE, movedJavaxName } from './model.js';

/** The literal's whole content, or its `{...}` message-template body, as a javax name that moves. */
export function movedLiteral(idx: CodeIndex, content: string): { from: string; to: string } | undefined {
  const template = /^\{(javax\.[^{}]+)\}$/.exec(content);
  const name = template ? template[1]! : content;
  const to = movedJavaxName(idx, name);
  if (!to) return undefined;
  return template ? { from: `{${name}}`, to: `{${to}}` } : { from: name, to };
}

export function javaxStrings(idx: CodeIndex, model: FileModel): FindingInput[] {
  const out: FindingInput[] = [];
  for (const t of model.tokens) {
    if (t.type !== 'string' || t.block || t.templated || t.contentStart === undefined) continue;
    const content = model.text.slice(t.contentStart, t.contentEnd);
    if (!content.startsWith('javax.', content[0] === '{' ? 1 : 0)) continue;
    const moved = movedLiteral(idx, content);
    if (!moved) continue;
    out.push({
      rule: RULE.jakartaString,
      severity: 'warning',
      offset: t.start,
      message: `string "${moved.from}" names a package that moved to jakarta: Jakarta EE 9+ reads "${moved.to}" (strings are not rewritten; change it if it names the container's or provider's own attribute, hint or class)`,
    });
  }
  return out;
}
