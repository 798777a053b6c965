// javax-era XML descriptors (persistence.xml, orm.xml, web.xml, web-fragment.xml, beans.xml,
// validation.xml, JAXB *.xjb) moved to Jakarta: the root's namespace, version and schema
// location, and every element text or attribute value that is exactly one `javax.` name
// (filter/listener classes, `<property name="javax.persistence.*">`) per the package table.
// Parsed with src/formats/xml.ts (saxes): only attribute values and element text change, by
// position; comments, CDATA and the DOCTYPE are never edited and no entity is ever expanded.
import type { Edit, FilePass, FindingInput } from '../../../src/engine/types.js';
import { type XmlDocument, type XmlElement, attributeSpans, localName, parseXml, valueSpan } from '../../../src/formats/xml.js';
import type { XmlDescriptorRewrite } from '../../../src/table/sections/sources.js';
import { type CodeIndex, RULE, codeIndex, movedJavaxName } from '../model.js';

/** The row for a path: by base name, or `*.ext` by extension. */
export function descriptorRow(rows: readonly XmlDescriptorRewrite[], path: string): XmlDescriptorRewrite | undefined {
  const base = path.slice(path.lastIndexOf('/') + 1);
  return rows.find((r) => (r.file.startsWith('*.') ? base.endsWith(r.file.slice(1)) : base === r.file));
}

/** The last `n` path segments of a URI (`validation/configuration`). */
const tail = (uri: string, n = 2) => uri.replace(/\/+$/, '').split('/').slice(-n).join('/');

/** An old (javax-era) namespace for this row: one the data names, or one with the same last two segments off jakarta.ee. */
function isOldNamespace(row: XmlDescriptorRewrite, uri: string): boolean {
  if (row.namespaces.includes(uri)) return true;
  return /^https?:\/\//.test(uri) && !/^https?:\/\/jakarta\.ee\//.test(uri) && tail(uri) === tail(row.to);
}

/** The smallest edit turning `from` (at `start`) into `to`: usually just `javax` -> `jakarta`. */
function nameEdit(start: number, from: string, to: string, rule: string): Edit {
  let prefix = 0;
  while (prefix < from.length && from[prefix] === to[prefix]) prefix++;
  let suffix = 0;
  while (suffix < from.length - prefix && from[from.length - 1 - suffix] === to[to.length - 1 - suffix]) suffix++;
  return { start: start + prefix, end: start + from.length - suffix, text: to.slice(prefix, to.length - suffix), rule };
}

/** Whitespace-separated tokens of an attribute value with their offsets. */
function tokensOf(value: string, base: number): { text: string; start: number }[] {
  return [...value.matchAll(/\S+/g)].map((m) => ({ text: m[0], start: base + m.index }));
}

interface Result {
  edits: Edit[];
  findings: FindingInput[];
}

/** `.../persistence_2_2.xsd` for stem `persistence`: the table's stem is compared as text, never compiled. */
function isSchemaFile(location: string, stem: string): boolean {
  const file = location.slice(location.lastIndexOf('/') + 1);
  return file.startsWith(stem + '_') && /^\d+_\d+\.xsd$/.test(file.slice(stem.length + 1));
}

/** Namespace, schema location and version of a javax-era root; nothing for any other root. */
function rootEdits(doc: XmlDocument, row: XmlDescriptorRewrite): Result {
  const attrs = attributeSpans(doc.text, doc.root).filter((a) => !a.value.includes('&'));
  const nsAttrs = attrs.filter((a) => (a.name === 'xmlns' || a.name.startsWith('xmlns:')) && isOldNamespace(row, a.value));
  if (!nsAttrs.length) return { edits: [], findings: [] };
  const edits: Edit[] = nsAttrs.map((a) => ({ start: a.valueStart, end: a.valueEnd, text: row.to, rule: row.rule }));
  const findings: FindingInput[] = [];
  const oldPrefixes = new Set(nsAttrs.map((a) => (a.name === 'xmlns' ? '' : a.name.slice(6))));
  for (const a of attrs) {
    if (localName(a.name) === 'schemaLocation') {
      tokensOf(a.value, a.valueStart).forEach((t, i) => {
        if (i % 2 === 0) {
          if (isOldNamespace(row, t.text)) edits.push({ start: t.start, end: t.start + t.text.length, text: row.to, rule: row.rule });
        } else if (row.schema && isSchemaFile(t.text, row.schema.stem)) {
          if (t.text !== row.schema.to) edits.push({ start: t.start, end: t.start + t.text.length, text: row.schema.to, rule: row.rule });
        } else if (!/^https:\/\/jakarta\.ee\//.test(t.text)) {
          findings.push({
            rule: row.rule,
            severity: 'info',
            offset: t.start,
            message: `schema location ${t.text} is not updated (the migration data names no Jakarta schema file for it); point it at the ${row.version} schema under ${row.to} or drop it`,
          });
        }
      });
    }
    const [prefix, local] = a.name.includes(':') ? a.name.split(':') : ['', a.name];
    if (local === 'version' && (prefix === '' || oldPrefixes.has(prefix!)) && a.value !== row.version)
      edits.push({ start: a.valueStart, end: a.valueEnd, text: row.version, rule: row.rule });
  }
  return { edits, findings };
}

/** Element text and attribute values that are exactly one moved javax name. */
function javaxNameEdits(doc: XmlDocument, idx: CodeIndex, row: XmlDescriptorRewrite): Edit[] {
  const edits: Edit[] = [];
  const visit = (el: XmlElement) => {
    for (const a of attributeSpans(doc.text, el)) {
      if (a.name === 'xmlns' || a.name.startsWith('xmlns:')) continue;
      const to = movedJavaxName(idx, a.value);
      if (to) edits.push(nameEdit(a.valueStart, a.value, to, row.rule));
    }
    if (el.children.length === 0) {
      const span = valueSpan(doc.text, el);
      const value = span && doc.text.slice(span.start, span.end);
      const to = value && movedJavaxName(idx, value);
      if (span && value && to) edits.push(nameEdit(span.start, value, to, row.rule));
    }
    el.children.forEach(visit);
  };
  visit(doc.root);
  return edits;
}

const dedupe = (edits: Edit[]) => edits.filter((e, i) => edits.findIndex((o) => o.start === e.start && o.end === e.end) === i);

export const xmlDescriptorsPass: FilePass = {
  id: 'sources/xml-descriptors',
  description: 'XML descriptors (persistence.xml, orm.xml, web.xml, web-fragment.xml, beans.xml, validation.xml, *.xjb): Jakarta namespace, version, schema and javax class/property names',
  kinds: ['jpa-xml', 'xml'],
  rules: [RULE.jpaXml, RULE.jakartaXml],
  prefilter: (text, ctx) => codeIndex(ctx.table).xmlNeedles.test(text),
  settles: true, // a jakarta name or namespace is never a needle again (test/settles-config.test.ts)
  run(file, ctx) {
    const idx = codeIndex(ctx.table);
    const row = descriptorRow(idx.code.xmlDescriptors, file.path);
    if (!row) return {};
    const doc = parseXml(file.text);
    const root = rootEdits(doc, row);
    return { edits: dedupe([...root.edits, ...javaxNameEdits(doc, idx, row)]), findings: root.findings };
  },
};
