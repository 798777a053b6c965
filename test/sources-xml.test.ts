// The sources transform's non-Java pieces: attribute spans of src/formats/xml.ts, the XML
// descriptor rows parsed from the data's prose (and the loud failure when the prose changes),
// descriptor matching by file name, javax names in values, ValidationMessages rows.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCode } from '../scripts/table/code.js';
import { type DataDir, openDataDir } from '../scripts/table/data.js';
import { attributeSpans, parseXml } from '../src/formats/xml.js';
import { loadTable } from '../src/table/load.js';
import { codeIndex, movedJavaxName } from '../transforms/sources/model.js';
import { descriptorRow } from '../transforms/sources/jakarta/xml-descriptors.js';

const idx = codeIndex(loadTable());
const DATA = path.resolve(__dirname, '..', '..', 'shared', 'data');

describe('attributeSpans', () => {
  it('gives the raw span of each value, both quote styles, CRLF and > inside a value', () => {
    const text = `<?xml version="1.0"?>\r\n<root a="x>y"\r\n\tb = 'two words' c="&e;"/>`;
    const doc = parseXml(text);
    const spans = attributeSpans(text, doc.root);
    expect(spans.map((s) => [s.name, s.value, text.slice(s.valueStart, s.valueEnd)])).toEqual([
      ['a', 'x>y', 'x>y'],
      ['b', 'two words', 'two words'],
      ['c', '&e;', '&e;'],
    ]);
  });
});

describe('javax names in XML values and strings', () => {
  it('moves class, property and attribute names by the package table, class-level where it says so', () => {
    expect(movedJavaxName(idx, 'javax.servlet.error.status_code')).toBe('jakarta.servlet.error.status_code');
    expect(movedJavaxName(idx, 'javax.persistence.schema-generation.scripts.action')).toBe('jakarta.persistence.schema-generation.scripts.action');
    expect(movedJavaxName(idx, 'javax.xml.bind.DatatypeConverter.parseDateTime')).toBe('jakarta.xml.bind.DatatypeConverter.parseDateTime');
    expect(movedJavaxName(idx, 'javax.annotation.PostConstruct')).toBe('jakarta.annotation.PostConstruct');
  });
  it('leaves JDK, JSR-305 and non-name values alone', () => {
    for (const v of ['javax.net.ssl.trustStore', 'javax.xml.datatype.XMLGregorianCalendar', 'javax.annotation.Nonnull', 'javax.transaction.xa.XAResource', 'see javax.servlet.Filter', 'jakarta.servlet.Filter', 'javax.'])
      expect(movedJavaxName(idx, v), v).toBeUndefined();
  });
});

describe('XML descriptor rows', () => {
  const rows = idx.code.xmlDescriptors;
  it('matches by base name and *.ext, nothing else', () => {
    expect(descriptorRow(rows, 'a/WEB-INF/web.xml')?.version).toBe('6.0');
    expect(descriptorRow(rows, 'src/main/xjb/x.xjb')?.to).toBe('https://jakarta.ee/xml/ns/jaxb');
    expect(descriptorRow(rows, 'src/main/resources/my-web.xml')).toBeUndefined();
    expect(descriptorRow(rows, 'src/main/resources/applicationContext.xml')).toBeUndefined();
  });
  it('holds exactly the rows the data gives, with the EE 10 versions Boot 3.0 uses', () => {
    expect(rows.map((r) => [r.file, r.rule, r.version, r.schema?.to ?? null])).toEqual([
      ['persistence.xml', 'sources/jpa-xml', '3.0', 'https://jakarta.ee/xml/ns/persistence/persistence_3_0.xsd'],
      ['orm.xml', 'sources/jpa-xml', '3.0', 'https://jakarta.ee/xml/ns/persistence/orm/orm_3_0.xsd'],
      ['web.xml', 'sources/jakarta-xml', '6.0', 'https://jakarta.ee/xml/ns/jakartaee/web-app_6_0.xsd'],
      ['web-fragment.xml', 'sources/jakarta-xml', '6.0', 'https://jakarta.ee/xml/ns/jakartaee/web-fragment_6_0.xsd'],
      ['beans.xml', 'sources/jakarta-xml', '4.0', 'https://jakarta.ee/xml/ns/jakartaee/beans_4_0.xsd'],
      ['validation.xml', 'sources/jakarta-xml', '3.0', null],
      ['*.xjb', 'sources/jakarta-xml', '3.0', null],
    ]);
    expect(rows.find((r) => r.file === 'beans.xml')!.namespaces).toEqual(['http://xmlns.jcp.org/xml/ns/javaee', 'http://java.sun.com/xml/ns/javaee']);
    expect(idx.code.validationMessages).toMatchObject({ bundle: 'ValidationMessages', from: 'javax.validation.constraints.', to: 'jakarta.validation.constraints.', suffix: '.message' });
  });

  it.skipIf(!existsSync(DATA))('fails loudly when the prose of a row changes', () => {
    const real = openDataDir(DATA);
    const withChange = (file: string, change: (s: string) => string): DataDir => ({
      dir: DATA,
      read<T>(name: string): T {
        const data = real.read<Record<string, unknown>>(name);
        if (name !== 'jakarta-packages.json') return data as T;
        const occ = (data.nonJavaOccurrences as { file: string; change: string }[]).map((o) => (o.file === file ? { ...o, change: change(o.change) } : o));
        return { ...data, nonJavaOccurrences: occ } as T;
      },
    });
    expect(() => buildCode(withChange('web.xml / web-fragment.xml', (s) => s.replace('(EE10, Boot 3.0)', '(Boot 3.0)')))).toThrow(/web\.xml.*version/);
    expect(() => buildCode(withChange('beans.xml', (s) => s.replace('beans_4_0.xsd', 'beans-4.xsd')))).toThrow(/beans\.xml.*schema/);
    expect(() => buildCode(withChange('JAXB binding files (*.xjb)', (s) => s.replace('https://jakarta.ee/xml/ns/jaxb', 'jakarta jaxb')))).toThrow(/xjb.*namespace/);
    expect(() => buildCode(withChange('ValidationMessages*.properties', (s) => s.replace('*.message ->', '.message ->')))).toThrow(/ValidationMessages.*key pattern/);
  });
});
