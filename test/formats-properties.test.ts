// The .properties adapter: exact ranges for every spelling java.util.Properties accepts, the
// Spring Boot document separators, and edits that touch only the characters that change.
import { describe, expect, it } from 'vitest';
import { ParseError } from '../src/engine/types.js';
import {
  deleteLineEdit,
  escapeKey,
  escapeValue,
  parseProperties,
  renameKeyEdit,
  setValueEdit,
  unescapeWithOffsets,
  type TextEdit,
} from '../src/formats/properties.js';

const apply = (text: string, edit: TextEdit | undefined) => (edit ? text.slice(0, edit.start) + edit.text + text.slice(edit.end) : text);
const pairs = (text: string) => parseProperties(text).entries.map((e) => [e.key, e.value]);

describe('parseProperties', () => {
  it('reads =, : and whitespace separators, tabs and form feeds', () => {
    expect(pairs('a=1\nb : 2\nc 3\n\td\t=\tfour\ne\f:\f5\nf\n')).toEqual([
      ['a', '1'],
      ['b', '2'],
      ['c', '3'],
      ['d', 'four'],
      ['e', '5'],
      ['f', ''],
    ]);
  });

  it('skips # and ! comments (also indented) and blank lines, but not # inside a continuation', () => {
    expect(pairs('# a=1\n! b=2\n   # c=3\n\n  \t\nx=one\\\n# two\n')).toEqual([['x', 'one# two']]);
  });

  it('unescapes keys: \\ , \\:, \\=, \\uXXXX, \\\\', () => {
    expect(pairs('my\\ key\\:x\\=y\\u0041\\\\z=1\n')).toEqual([['my key:x=yA\\z', '1']]);
  });

  it('joins key and value continuations after LF, CRLF and a lone CR', () => {
    expect(pairs('spring.re\\\n   dis.a=1\nspring.re\\\r\n   dis.b=2\r\nspring.re\\\r   dis.c=3\r')).toEqual([
      ['spring.redis.a', '1'],
      ['spring.redis.b', '2'],
      ['spring.redis.c', '3'],
    ]);
    expect(pairs('k \\\r\n  = v\r\nl=a,\\\r\n   b\r\n')).toEqual([
      ['k', 'v'],
      ['l', 'a,b'],
    ]);
  });

  it('keeps an even run of backslashes before an end of line as data', () => {
    expect(pairs('p=c:\\\\\r\nq=2\r\n')).toEqual([
      ['p', 'c:\\'],
      ['q', '2'],
    ]);
  });

  it('gives exact key, value and whole-line ranges', () => {
    const text = 'a=1\r\n  spring.redis.host : localhost\r\nlast=x';
    const [a, host, last] = parseProperties(text).entries;
    expect(text.slice(host!.keyStart, host!.keyEnd)).toBe('spring.redis.host');
    expect(text.slice(host!.keyEnd, host!.valueStart)).toBe(' : ');
    expect(text.slice(host!.valueStart, host!.valueEnd)).toBe('localhost');
    expect(text.slice(host!.lineStart, host!.lineEnd)).toBe('  spring.redis.host : localhost\r\n');
    expect(text.slice(a!.lineStart, a!.lineEnd)).toBe('a=1\r\n');
    expect(text.slice(last!.lineStart, last!.lineEnd)).toBe('last=x');
  });

  it('keeps a backslash at the very end of the file inside the text', () => {
    const text = 'a=b\\';
    const [a] = parseProperties(text).entries;
    expect(a!.valueEnd).toBe(text.length);
    expect(a!.value).toBe('b');
  });

  it('keeps duplicate keys as separate entries', () => {
    expect(pairs('a=1\na=2\n')).toEqual([
      ['a', '1'],
      ['a', '2'],
    ]);
  });

  it('splits documents at #--- and !--- at column 0, not after a comment line, not indented', () => {
    const docs = (text: string) => parseProperties(text).documents.map((d) => d.entries.map((e) => e.key));
    expect(docs('a=1\n#---\nb=2\n!---  \nc=3\n')).toEqual([['a'], ['b'], ['c']]);
    expect(docs('a=1\n# note\n#---\nb=2\n')).toEqual([['a', 'b']]);
    expect(docs('a=1\n  #---\nb=2\n#----\nc=3\n')).toEqual([['a', 'b', 'c']]);
    expect(docs('a=1\r\n#---\r\nb=2\r\n')).toEqual([['a'], ['b']]);
  });

  it('fails like Spring on a malformed \\u escape, pointing at it', () => {
    const text = 'ok=1\nbad=\\uZZ12\n';
    expect(() => parseProperties(text)).toThrow(ParseError);
    try {
      parseProperties(text);
    } catch (e) {
      expect((e as ParseError).offset).toBe(text.indexOf('\\uZZ'));
    }
  });
});

describe('unescapeWithOffsets', () => {
  it('maps every character back to where its escape starts', () => {
    const { text, offsets } = unescapeWithOffsets('a\\ b\\u0043\\\n  d', 10);
    expect(text).toBe('a bCd');
    expect(offsets).toEqual([10, 11, 13, 14, 24, 25]);
  });
});

describe('escaping', () => {
  it('escapes key characters that would end or change a key', () => {
    expect(escapeKey('a b:c=d#e!f\\g\th')).toBe('a\\ b\\:c\\=d\\#e\\!f\\\\g\\th');
    expect(escapeKey('\u20ac')).toBe('\\u20AC');
    expect(escapeKey('é')).toBe('é');
  });
  it('escapes leading blanks of a value only at its start', () => {
    expect(escapeValue('  a b')).toBe('\\ \\ a b');
    expect(escapeValue('  a', false)).toBe('  a');
    expect(escapeValue('x=y:z')).toBe('x=y:z');
  });
});

describe('edits', () => {
  it('renames only the characters of the key that change, keeping separator, value and EOL', () => {
    const text = 'spring.redis.host\t:\tlocalhost\r\n';
    const [e] = parseProperties(text).entries;
    const edit = renameKeyEdit(text, e!, 'spring.data.redis.host');
    expect(apply(text, edit)).toBe('spring.data.redis.host\t:\tlocalhost\r\n');
    expect(edit!.start).toBeGreaterThanOrEqual(e!.keyStart);
    expect(edit!.end).toBeLessThanOrEqual(e!.keyEnd);
  });

  it('keeps the user escapes and continuations outside the changed part', () => {
    const text = 'spring.re\\\r\n    dis.cluster.my\\ node=1\r\n';
    const [e] = parseProperties(text).entries;
    expect(apply(text, renameKeyEdit(text, e!, 'spring.data.redis.cluster.my node'))).toBe('spring.data.re\\\r\n    dis.cluster.my\\ node=1\r\n');
  });

  it('matches on the unescaped key and escapes what it inserts', () => {
    const text = '\\u0073pring.redis.host=h\n';
    const [e] = parseProperties(text).entries;
    expect(e!.key).toBe('spring.redis.host');
    expect(apply(text, renameKeyEdit(text, e!, 'spring.data.redis.host'))).toBe('\\u0073pring.data.redis.host=h\n');
    expect(apply(text, renameKeyEdit(text, e!, 'new key'))).toBe('new\\ key=h\n');
  });

  it('returns no edit when nothing changes', () => {
    const text = 'a=1\n';
    const [e] = parseProperties(text).entries;
    expect(renameKeyEdit(text, e!, 'a')).toBeUndefined();
    expect(setValueEdit(text, e!, '1')).toBeUndefined();
  });

  it('changes a value in place, keeping list spacing', () => {
    const text = 'include = health, httptrace ,info\n';
    const [e] = parseProperties(text).entries;
    expect(apply(text, setValueEdit(text, e!, 'health, httpexchanges ,info'))).toBe('include = health, httpexchanges ,info\n');
  });

  it('deletes a whole logical line with its continuation lines and end of line', () => {
    const text = 'a=1\r\nb=x,\\\r\n  y\r\nc=3\r\n';
    const [, b] = parseProperties(text).entries;
    expect(apply(text, deleteLineEdit(b!))).toBe('a=1\r\nc=3\r\n');
  });

  it('splices exactly: renaming any key of a tricky file changes that key and nothing else', () => {
    const text = [
      '# header',
      '\ta\t=\t1',
      'b : 2',
      'c 3',
      'k\\ ey\\:x=4',
      'spring.re\\',
      '   dis.host=5',
      'v=multi\\',
      '   line',
      '!---',
      'é.key=é',
      'x[0]=a,b',
    ].join('\r\n');
    const before = parseProperties(text).entries;
    before.forEach((e, n) => {
      const out = apply(text, renameKeyEdit(text, e, e.key + '.z'));
      const after = parseProperties(out).entries;
      expect(after.map((a) => [a.key, a.value])).toEqual(before.map((b, m) => [m === n ? b.key + '.z' : b.key, b.value]));
      expect(out.slice(0, e.keyStart)).toBe(text.slice(0, e.keyStart));
      expect(out.slice(out.length - (text.length - e.keyEnd))).toBe(text.slice(e.keyEnd));
    });
  });
});
