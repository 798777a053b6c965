// Unit tests of the sources transform's building blocks: the token scanner (comments, strings,
// text blocks, Kotlin raw strings/templates/nested comments, failures) and the javax decision
// (class-level javax.annotation, javax.transaction.xa, javax.xml split, JDK stays).
import { describe, expect, it } from 'vitest';
import { applyEdits } from '../src/engine/edits.js'; // overlapping edits wait a round, as in the engine
import { enclosingBracket, matchingAngle, matchingBracket, openingAngle, openingBracket, ScanError, scanJvm } from '../src/formats/jvm-tokens.js';
import { loadTable } from '../src/table/load.js';
import { codeIndex } from '../transforms/sources/model.js';
import { movedClassName } from '../transforms/sources/jakarta/service-loader.js';
import { placeholderKeys } from '../transforms/sources/property-keys.js';
import { removalEdit } from '../transforms/sources/annotations.js';
import { chainCalls } from '../transforms/sources/lib-edits.js';

// One file alone: the passes see a project holding nothing else.
const noProject = { root: '/', files: [], byPath: new Map(), ofKind: () => [] };
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

describe('brackets and call chains over tokens', () => {
  const text = 'class A { Map<String, List<Integer>> m = f(a[1], "(", \')\').g(x -> { return y; }).h(); }';
  const tokens = scanJvm(text, 'java');
  const at = (value: string, nth = 0) => tokens.map((t, k) => (t.value === value && t.type === 'punct' ? k : -1)).filter((k) => k >= 0)[nth]!;
  it('pairs brackets both ways, past strings and chars that hold one', () => {
    const open = at('(', 0);
    const close = matchingBracket(tokens, open);
    expect(text.slice(tokens[open]!.start, tokens[close]!.end)).toBe('(a[1], "(", \')\')');
    expect(openingBracket(tokens, close)).toBe(open);
    expect(openingBracket(tokens, at('}', 1))).toBe(at('{', 0));
    expect(openingBracket(tokens, at('.'))).toBe(-1);
  });
  it('finds the bracket that encloses a token', () => {
    const ret = tokens.findIndex((t) => t.value === 'return');
    expect(enclosingBracket(tokens, ret, '{')).toBe(at('{', 1));
    expect(enclosingBracket(tokens, ret, '(')).toBe(at('(', 1));
    expect(enclosingBracket(tokens, ret, '[')).toBe(-1);
    expect(enclosingBracket(tokens, 0, '{')).toBe(-1);
  });
  it('pairs type arguments by count', () => {
    const lt = at('<');
    const gt = matchingAngle(tokens, lt);
    expect(text.slice(tokens[lt]!.start, tokens[gt]!.end)).toBe('<String, List<Integer>>');
    expect(openingAngle(tokens, gt)).toBe(lt);
    expect(openingAngle(tokens, gt, lt + 1)).toBe(-1);
    expect(matchingAngle(tokens, at('>', 0))).toBe(-1);
  });
  it('reads the calls of a chain up to where it stops', () => {
    const { calls, end } = chainCalls(tokens, matchingBracket(tokens, at('(', 0)) + 1);
    expect(calls.map((c) => c.name)).toEqual(['g', 'h']);
    expect(calls.map((c) => tokens[c.at]!.value + tokens[c.open]!.value + tokens[c.close]!.value)).toEqual(['g()', 'h()']);
    expect(end).toBe(calls[1]!.close);
    expect(chainCalls(tokens, at('{')).calls).toEqual([]);
    expect(chainCalls(tokens, at('{')).end).toBe(at('{') - 1);
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

describe('rename shapes (scripts/table/code-shapes.ts)', () => {
  const idx = codeIndex(loadTable());
  const shapeOf = (simple: string) => idx.code.types.find((t) => t.from.endsWith('.' + simple))?.shape;
  it('marks every type/annotation/field rename row', () => {
    expect(idx.code.types).toHaveLength(66);
    for (const t of idx.code.types) expect(t.changes.length, t.from).toBeGreaterThan(0);
  });
  it('knows the shape of each Batch listener support class (class to interface)', () => {
    for (const s of ['ChunkListenerSupport', 'JobExecutionListenerSupport', 'SkipListenerSupport', 'StepExecutionListenerSupport', 'RepeatListenerSupport'])
      expect(shapeOf(s), s).toBe('class-to-interface');
    expect(shapeOf('EnableGlobalMethodSecurity')).toBe('annotation-attributes');
    expect(shapeOf('SpringBootDependencyInjectionTestExecutionListener')).toBe('different-type');
    expect(shapeOf('AbstractDataSourceInitializer')).toBe('different-type');
    expect(shapeOf('LocalServerPort')).toBe('same');
  });
});

describe('rename shapes in a file', () => {
  const table = loadTable();
  const run = async (text: string, lang: 'java' | 'kotlin') => {
    const { loadGrammar } = await import('../src/formats/tree-sitter.js');
    const { migrateJvmSource } = await import('../transforms/sources/jvm-pass.js');
    await loadGrammar(lang);
    const r = migrateJvmSource({ path: `A.${lang === 'java' ? 'java' : 'kt'}`, text } as never, lang, { table, options: {}, project: noProject, ruleSelected: (_pass: string, rule: string) => !rule.startsWith('security6/') } as never); // the shape rules alone
    const out = applyEdits(text, r.edits ?? []).text;
    return { out, findings: r.findings };
  };
  it('reports @EnableGlobalMethodSecurity with order, with the annotation to write', async () => {
    const text = 'import org.springframework.security.config.annotation.method.configuration.EnableGlobalMethodSecurity;\n@EnableGlobalMethodSecurity(securedEnabled = true, order = 10)\nclass C {}\n';
    const { out, findings } = await run(text, 'java');
    expect(out).toBe(text);
    expect(findings.map((f) => f.message).join('\n')).toContain('order has no equal in @EnableMethodSecurity');
    expect(findings.map((f) => f.message).join('\n')).toContain('Write @EnableMethodSecurity(securedEnabled = true, prePostEnabled = false)');
  });
  it('keeps an explicit prePostEnabled value and adds nothing', async () => {
    const text = 'import org.springframework.security.config.annotation.method.configuration.EnableGlobalMethodSecurity;\n@EnableGlobalMethodSecurity(prePostEnabled = ON)\nclass C {}\n';
    const { out } = await run(text, 'java');
    expect(out).toContain('@EnableMethodSecurity(prePostEnabled = ON)\n');
  });
  it('does not rewrite a Kotlin supertype call with arguments', async () => {
    const text = 'import org.springframework.batch.core.listener.JobExecutionListenerSupport\nclass L : JobExecutionListenerSupport(1)\n';
    const { out, findings } = await run(text, 'kotlin');
    expect(out).toBe(text);
    expect(findings.some((f) => f.rule === 'sources/class-to-interface')).toBe(true);
  });
  it('qualifies super with the full name when the old type was written in full', async () => {
    const text = 'class L extends org.springframework.batch.core.listener.JobExecutionListenerSupport {\n  public void afterJob(Object e) { super.afterJob(e); }\n}\n';
    const { out } = await run(text, 'java');
    expect(out).toContain('class L implements org.springframework.batch.core.JobExecutionListener {');
    expect(out).toContain('org.springframework.batch.core.JobExecutionListener.super.afterJob(e);');
  });
  it('gives ClientHttpRequestFactorySupplier its replacement code, never renamed', async () => {
    const text = 'import org.springframework.boot.web.client.ClientHttpRequestFactorySupplier;\nclass C { Object f = new ClientHttpRequestFactorySupplier(); }\n';
    const { out, findings } = await run(text, 'java');
    expect(out).toBe(text);
    expect(findings.map((f) => f.message).join('\n')).toContain('ClientHttpRequestFactories.get(ClientHttpRequestFactorySettings.DEFAULTS)');
  });
});

describe('class-to-interface keeps comments between the clauses', () => {
  const table = loadTable();
  const run = async (text: string) => {
    const { loadGrammar } = await import('../src/formats/tree-sitter.js');
    const { migrateJvmSource } = await import('../transforms/sources/jvm-pass.js');
    await loadGrammar('java');
    const r = migrateJvmSource({ path: 'A.java', text } as never, 'java', { table, options: {}, project: noProject, ruleSelected: () => true } as never);
    return applyEdits(text, r.edits ?? []).text;
  };
  it('turns the implements keyword into a comma when a comment sits before it', async () => {
    const out = await run('import org.springframework.batch.core.listener.JobExecutionListenerSupport;\nclass L extends JobExecutionListenerSupport /* base */ implements Runnable { public void run() {} }\n');
    expect(out).toContain('class L implements JobExecutionListener /* base */ , Runnable {');
  });
  it('drops only the extends clause when the interface is listed after a comment', async () => {
    const out = await run('import org.springframework.batch.core.JobExecutionListener;\nimport org.springframework.batch.core.listener.JobExecutionListenerSupport;\nclass L extends JobExecutionListenerSupport // kept\n    implements JobExecutionListener {}\n');
    expect(out).toBe('import org.springframework.batch.core.JobExecutionListener;\nclass L  // kept\n    implements JobExecutionListener {}\n');
  });
});

describe('class-to-interface through a Kotlin import alias', () => {
  it('drops the () of an aliased supertype too', async () => {
    const { loadGrammar } = await import('../src/formats/tree-sitter.js');
    const { migrateJvmSource } = await import('../transforms/sources/jvm-pass.js');
    await loadGrammar('kotlin');
    const text = 'import org.springframework.batch.core.listener.JobExecutionListenerSupport as Base\nclass L : Base()\n';
    const r = migrateJvmSource({ path: 'A.kt', text } as never, 'kotlin', { table: loadTable(), options: {}, project: noProject, ruleSelected: () => true } as never);
    const out = applyEdits(text, r.edits ?? []).text;
    expect(out).toBe('import org.springframework.batch.core.JobExecutionListener as Base\nclass L : Base\n');
  });
});

describe('removalEdit', () => {
  const cut = (text: string, what: string, blankLine?: 'before' | 'after') => {
    const at = text.indexOf(what);
    const e = removalEdit(text, at, at + what.length, 'r', blankLine);
    return text.slice(0, e.start) + text.slice(e.end);
  };
  const cls = 'class A {\n  int a;\n\n  void helper() {}\n\n  int b;\n}\n';
  it('takes a member alone on its line with its line break, and no blank line', () => {
    expect(cut(cls, 'void helper() {}')).toBe('class A {\n  int a;\n\n\n  int b;\n}\n');
    expect(cut('class A { int a; int b; }', 'int a; ')).toBe('class A { int b; }');
  });
  it('takes the blank line above a member with it', () => {
    expect(cut(cls, 'void helper() {}', 'before')).toBe('class A {\n  int a;\n\n  int b;\n}\n');
    expect(cut('class A {\n  int a;\n  void helper() {}\n}\n', 'void helper() {}', 'before')).toBe('class A {\n  int a;\n}\n');
    expect(cut('class A {\r\n  int a;\r\n\r\n  int b;\r\n}\r\n', 'int b;', 'before')).toBe('class A {\r\n  int a;\r\n}\r\n');
  });
  it('takes the blank line below a member when a blank line or the body’s { is above it', () => {
    expect(cut(cls, 'void helper() {}', 'after')).toBe('class A {\n  int a;\n\n  int b;\n}\n');
    expect(cut('class A {\n  int a;\n\n  int b;\n}\n', 'int a;', 'after')).toBe('class A {\n  int b;\n}\n');
    expect(cut('class A {\n  int a;\n  int b;\n\n  int c;\n}\n', 'int b;', 'after')).toBe('class A {\n  int a;\n\n  int c;\n}\n');
  });
});
