// persistence.xml / orm.xml: namespace, version and schema location to Jakarta Persistence 3.0,
// and `javax.persistence.*` property names to `jakarta.persistence.*`. Token-level over the
// text outside comments and CDATA: only attribute values change; no entity is ever resolved.
import type { Edit, FilePass, FindingInput } from '../../src/engine/types.js';
import type { JpaXmlRewrite } from '../../src/table/sections/sources.js';
import { RULE, codeIndex } from './model.js';

/** Ranges of comments, CDATA, processing instructions and DOCTYPE, which are never edited. */
function skippedRanges(text: string): [number, number][] {
  const out: [number, number][] = [];
  const re = /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<\?[\s\S]*?(?:\?>|$)|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?[^>]*>/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) out.push([m.index, m.index + m[0].length]);
  return out;
}

const inside = (ranges: [number, number][], at: number) => ranges.some(([s, e]) => at >= s && at < e);

/** The root element's start tag (first element outside skipped ranges). */
function rootTag(text: string, skipped: [number, number][]): { start: number; end: number } | undefined {
  const re = /<([A-Za-z_][\w.:-]*)\b[^>]*>/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) if (!inside(skipped, m.index)) return { start: m.index, end: m.index + m[0].length };
  return undefined;
}

function rewrite(text: string, row: JpaXmlRewrite): Edit[] {
  const skipped = skippedRanges(text);
  const edits: Edit[] = [];
  const root = rootTag(text, skipped);
  if (!root) return edits;
  const tag = text.slice(root.start, root.end);
  // Only a javax-era root (one of the old namespaces) is upgraded.
  if (!row.namespaces.some((n) => tag.includes(`"${n.from}"`) || tag.includes(`'${n.from}'`))) return propertyEdits(text, row, skipped);
  const schema = new RegExp(`(?:https?://\\S*?/)?${row.schema.pattern}`, 'g');
  let m: RegExpExecArray | null;
  while ((m = schema.exec(tag))) edits.push({ start: root.start + m.index, end: root.start + m.index + m[0].length, text: row.schema.to, rule: RULE.jpaXml });
  for (const n of row.namespaces) {
    for (let at = tag.indexOf(n.from); at >= 0; at = tag.indexOf(n.from, at + 1)) {
      const next = tag[at + n.from.length];
      if (next !== '"' && next !== "'" && !/\s/.test(next ?? '')) continue; // a longer URL (orm under persistence)
      const s = root.start + at;
      if (!edits.some((e) => s >= e.start && s < e.end)) edits.push({ start: s, end: s + n.from.length, text: n.to, rule: RULE.jpaXml });
    }
  }
  const version = /\sversion\s*=\s*(["'])([^"']*)\1/.exec(tag);
  if (version && version[2] !== row.version) {
    const s = root.start + version.index + version[0].length - 1 - version[2]!.length;
    edits.push({ start: s, end: s + version[2]!.length, text: row.version, rule: RULE.jpaXml });
  }
  return [...edits, ...propertyEdits(text, row, skipped)];
}

function propertyEdits(text: string, row: JpaXmlRewrite, skipped: [number, number][]): Edit[] {
  if (!row.propertyFrom || !row.propertyTo) return [];
  const out: Edit[] = [];
  const re = new RegExp(`<property\\b[^>]*?\\sname\\s*=\\s*(["'])${row.propertyFrom.replace(/\./g, '\\.')}`, 'g');
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    if (inside(skipped, m.index)) continue;
    const s = m.index + m[0].length - row.propertyFrom.length;
    out.push({ start: s, end: s + row.propertyFrom.length, text: row.propertyTo, rule: RULE.jpaXml });
  }
  return out;
}

export const jpaXmlPass: FilePass = {
  id: 'sources/jpa-xml',
  description: 'persistence.xml and orm.xml: Jakarta Persistence 3.0 namespace, version, schema and jakarta.persistence.* property names',
  kinds: ['jpa-xml'],
  rules: [RULE.jpaXml],
  prefilter: (text) => text.includes('persistence'),
  run(file, ctx) {
    const base = file.path.slice(file.path.lastIndexOf('/') + 1);
    const row = codeIndex(ctx.table).code.jpaXml.find((r) => r.file === base);
    if (!row) return {};
    const edits = rewrite(file.text, row);
    const findings: FindingInput[] = [];
    return { edits, findings };
  },
};
