// src/formats/xml.ts: exact spans, raw values, entities never expanded, errors with offsets.
import { describe, expect, it } from 'vitest';
import { ParseError } from '../src/engine/types.js';
import { childPath, elementLineSpan, indentUnit, lineIndent, parseXml, rawText, textValue, valueSpan } from '../src/formats/xml.js';

describe('parseXml', () => {
  it('reports exact spans of start tags, end tags and values (CRLF, attributes with >)', () => {
    const text = '<?xml version="1.0"?>\r\n<project a="x>y">\r\n\t<parent>\r\n\t\t<version> 2.7.18 </version>\r\n\t</parent><empty/>\r\n</project>\r\n';
    const doc = parseXml(text);
    expect(text.slice(doc.root.start, doc.root.openEnd)).toBe('<project a="x>y">');
    expect(doc.root.attributes).toEqual({ a: 'x>y' });
    const version = childPath(doc.root, 'parent/version')!;
    expect(text.slice(version.start, version.end)).toBe('<version> 2.7.18 </version>');
    expect(rawText(text, version)).toBe(' 2.7.18 ');
    const span = valueSpan(text, version)!;
    expect(text.slice(span.start, span.end)).toBe('2.7.18');
    const empty = doc.root.children[1]!;
    expect(empty.selfClosing).toBe(true);
    expect(text.slice(empty.start, empty.end)).toBe('<empty/>');
  });

  it('never expands entities: internal, external (SYSTEM) and nested ones stay as written', () => {
    const text = [
      '<?xml version="1.0"?>',
      '<!DOCTYPE project [',
      '  <!ENTITY secret SYSTEM "file:///etc/passwd">',
      '  <!ENTITY a "&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY b "&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY c "lol">',
      ']>',
      '<project><description>&secret;</description><name>&a;</name><ok>1 &amp; 2</ok></project>',
    ].join('\n');
    const doc = parseXml(text);
    expect(doc.doctype).toContain('ENTITY secret SYSTEM');
    expect(doc.entityRefs).toEqual(['secret', 'a']);
    const description = childPath(doc.root, 'description')!;
    expect(rawText(text, description)).toBe('&secret;');
    expect(textValue(text, description)).toBeUndefined(); // opaque: never decided on, never rewritten
    expect(valueSpan(text, description)).toBeUndefined();
    expect(textValue(text, childPath(doc.root, 'name'))).toBeUndefined();
    expect(textValue(text, childPath(doc.root, 'ok'))).toBeUndefined();
  });

  it('throws ParseError with the offset of the first error', () => {
    const text = '<project>\n  <a></b>\n</project>';
    expect(() => parseXml(text)).toThrow(ParseError);
    try {
      parseXml(text);
    } catch (e) {
      expect((e as ParseError).message).toBe('unexpected close tag.');
      expect((e as ParseError).offset).toBe(text.indexOf('</b>') + 3);
    }
    expect(() => parseXml('')).toThrow(ParseError);
  });
});

describe('layout helpers', () => {
  it('finds the indentation unit: tabs, 2 and 4 spaces', () => {
    expect(indentUnit('<a>\n\t<b>\n\t\t<c/>\n\t</b>\n</a>')).toBe('\t');
    expect(indentUnit('<a>\n  <b>\n    <c/>\n  </b>\n</a>')).toBe('  ');
    expect(indentUnit('<a>\n    <b>\n        <c/>\n    </b>\n</a>')).toBe('    ');
  });

  it('deletes an element with its own line, or only the element when the line is shared', () => {
    const text = '<a>\r\n  <fork>true</fork>\r\n  <b><fork>x</fork></b>\r\n</a>';
    const doc = parseXml(text);
    const own = elementLineSpan(text, doc.root.children[0]!);
    expect(text.slice(own.start, own.end)).toBe('  <fork>true</fork>\r\n');
    const inner = doc.root.children[1]!.children[0]!;
    const shared = elementLineSpan(text, inner);
    expect(text.slice(shared.start, shared.end)).toBe('<fork>x</fork>');
    expect(lineIndent(text, inner.start)).toBe('  ');
  });
});
