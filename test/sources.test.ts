// Unit tests of the sources transform's building blocks: the token scanner (comments, strings,
// text blocks, Kotlin raw strings/templates/nested comments, failures) and the javax decision
// (class-level javax.annotation, javax.transaction.xa, javax.xml split, JDK stays).
import { describe, expect, it } from 'vitest';
import { ScanError, scanJvm } from '../src/formats/jvm-tokens.js';
import { loadTable } from '../src/table/load.js';
import { codeIndex } from '../transforms/sources/model.js';
import { movedClassName } from '../transforms/sources/service-loader.js';
import { placeholderKeys } from '../transforms/sources/property-keys.js';

const idents = (text: string, lang: 'java' | 'kotlin') => scanJvm(text, lang).filter((t) => t.type === 'ident').map((t) => t.value);

describe('jvm token scanner', () => {
  it('skips Java comments, strings, chars and text blocks', () => {
    const text = '/* javax.a */ // javax.b\nclass A { String s = "javax.c \\" x"; char q = \'"\'; String t = """\n javax.d "" \\""" \n"""; }';
    expect(idents(text, 'java')).toEqual(['class', 'A', 'String', 's', 'char', 'q', 'String', 't']);
  });
  it('handles Kotlin nested comments, raw strings and templates', () => {
    const text = '/* a /* javax.b */ c */ val s = "x ${f("javax.y")} \\$z" + """raw $q ${"}"} """';
    expect(idents(text, 'kotlin')).toEqual(['val', 's', 'f']);
  });
  it('refuses unterminated literals and unbalanced brackets with an offset', () => {
    expect(() => scanJvm('class A { String s = "x; }', 'java')).toThrow(ScanError);
    expect(() => scanJvm('class A { /* never', 'java')).toThrow(/unterminated block comment/);
    expect(() => scanJvm('class A { void f() { }', 'java')).toThrow(/never closed/);
    expect(() => scanJvm('class A ) {', 'java')).toThrow(/unbalanced/);
  });
});

describe('javax decisions from the table', () => {
  const idx = codeIndex(loadTable());
  const moved = (fq: string) => movedClassName(idx, fq);
  it('moves JSR-250 javax.annotation types only', () => {
    expect(moved('javax.annotation.PostConstruct')).toBe('jakarta.annotation.PostConstruct');
    expect(moved('javax.annotation.Nonnull')).toBeUndefined();
    expect(moved('javax.annotation.processing.Processor')).toBeUndefined();
    expect(moved('javax.annotation.security.RolesAllowed')).toBe('jakarta.annotation.security.RolesAllowed');
    expect(idx.fate('javax.annotation', undefined).kind).toBe('split');
  });
  it('keeps the JDK and non-Jakarta packages', () => {
    for (const fq of ['javax.transaction.xa.XAResource', 'javax.xml.parsers.DocumentBuilder', 'javax.xml.XMLConstants', 'javax.sql.DataSource', 'javax.net.ssl.SSLContext', 'javax.crypto.Cipher', 'javax.cache.Cache', 'javax.management.j2ee.Management', 'javax.enterprise.deploy.spi.Target', 'javax.security.auth.Subject'])
      expect(moved(fq), fq).toBeUndefined();
  });
  it('moves Jakarta EE packages, sub-packages included where the data says so', () => {
    expect(moved('javax.transaction.Transactional')).toBe('jakarta.transaction.Transactional');
    expect(moved('javax.xml.bind.JAXBContext')).toBe('jakarta.xml.bind.JAXBContext');
    expect(moved('javax.servlet.http.HttpServletRequest')).toBe('jakarta.servlet.http.HttpServletRequest');
    expect(moved('javax.security.auth.message.AuthException')).toBe('jakarta.security.auth.message.AuthException');
    expect(moved('javax.persistence.criteria.CriteriaBuilder')).toBe('jakarta.persistence.criteria.CriteriaBuilder');
  });
  it('holds every moves and stays row of the data', () => {
    expect(idx.code.packages.moves).toHaveLength(34);
    expect(idx.code.packages.stays).toHaveLength(45);
  });
});

describe('placeholder keys', () => {
  it('finds keys in nested placeholders with defaults, Kotlin escapes included', () => {
    expect(placeholderKeys('${a.b:${c.d:x}}-${e}', 0)).toEqual([
      { key: 'a.b', start: 2 },
      { key: 'c.d', start: 8 },
      { key: 'e', start: 18 },
    ]);
    expect(placeholderKeys('\\${spring.redis.host:localhost}', 10)).toEqual([{ key: 'spring.redis.host', start: 13 }]);
  });
});
