// Auto-configuration classes (listed in AutoConfiguration.imports, or under EnableAutoConfiguration
// in a spring.factories the factories pass moves) annotated @Configuration, perhaps with
// @AutoConfigureAfter/@AutoConfigureBefore, become @AutoConfiguration(after = ..., before = ...),
// as Boot 3.0 recommends. On by default, but only where the result provably behaves the same:
// @AutoConfiguration is @Configuration(proxyBeanMethods = false), so a class that calls one of its
// own @Bean methods from another (relying on the CGLIB proxy for a single instance) is reported
// with the annotation to write, not rewritten. --skip project/auto-configuration turns it off.
import type { Edit, FindingInput, ProjectFile, ProjectPass, ProjectResult } from '../../src/engine/types.js';
import { scanJvm } from '../../src/formats/jvm-tokens.js';
import { type GrammarLang, type Node, walk, withTree } from '../../src/formats/tree-sitter.js';
import { autoConfigurationClasses, importedClasses } from './factories.js';
import { projectSection } from './rules.js';

export const AUTO_CONFIGURATION_RULE = 'project/auto-configuration';
const AUTO_CONFIGURATION = 'org.springframework.boot.autoconfigure.AutoConfiguration';
const CONFIGURATION = 'org.springframework.context.annotation.Configuration';
const AFTER = 'org.springframework.boot.autoconfigure.AutoConfigureAfter';
const BEFORE = 'org.springframework.boot.autoconfigure.AutoConfigureBefore';
const BEAN = 'org.springframework.context.annotation.Bean';
const DOCS = 'https://docs.spring.io/spring-boot/docs/3.0.x/reference/html/features.html#features.developing-auto-configuration.locating-auto-configuration-candidates';

const simpleOf = (fq: string) => fq.slice(fq.lastIndexOf('.') + 1);

/** Every class the project registers as an auto-configuration. */
function listedClasses(project: Parameters<ProjectPass['run']>[0], table: Parameters<ProjectPass['run']>[1]['table']): Set<string> {
  const rows = projectSection(table).factories;
  const out = new Set<string>();
  for (const f of project.ofKind('autoconfig-imports')) if (f.path.endsWith(rows.importsFile.slice(rows.importsFile.lastIndexOf('/')))) for (const c of importedClasses(f.text ?? '')) out.add(c);
  for (const f of project.ofKind('spring-factories')) for (const c of autoConfigurationClasses(f.text ?? '', rows)) out.add(c);
  return out;
}

interface Ann {
  node: Node;
  /** Attribute -> argument text (`value` for a positional argument; Kotlin varargs joined). */
  args: Map<string, string[]>;
}

function annName(node: Node, lang: GrammarLang): string {
  if (lang === 'java') return node.childForFieldName('name')?.text ?? '';
  const inv = node.namedChildren.find((c) => c?.type === 'constructor_invocation');
  return ((inv ?? node).namedChildren.find((c) => c?.type === 'user_type')?.text ?? '').replace(/\s+/g, '');
}

function annArgs(node: Node, lang: GrammarLang): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const list = lang === 'java' ? node.childForFieldName('arguments') : node.namedChildren.find((c) => c?.type === 'constructor_invocation')?.namedChildren.find((c) => c?.type === 'value_arguments');
  for (const a of list?.namedChildren ?? []) {
    if (!a || /comment/.test(a.type)) continue;
    let name = 'value';
    let value: Node = a;
    if (lang === 'java' && a.type === 'element_value_pair') {
      name = a.childForFieldName('key')!.text;
      value = a.childForFieldName('value')!;
    } else if (lang === 'kotlin' && a.child(1)?.type === '=') {
      name = a.namedChild(0)!.text;
      value = a.namedChildren.filter((c): c is Node => !!c && !/comment/.test(c.type)).at(-1) ?? a;
    }
    out.set(name, [...(out.get(name) ?? []), ...elementTexts(value)]);
  }
  return out;
}

/**
 * The elements of an array value (`{A.class, B.class}`, `[A::class]`) or the value itself, each
 * with the comments that follow it as block comments: a `// Spring Boot 2.x` copied into a one-line
 * annotation would swallow the rest of the line.
 */
function elementTexts(value: Node): string[] {
  const array = value.type === 'element_value_array_initializer' || value.type === 'collection_literal';
  const parts = array ? value.namedChildren.filter((c): c is Node => !!c) : [value];
  const out: string[] = [];
  for (const p of parts) {
    if (/comment/.test(p.type)) {
      const body = p.text.startsWith('//') ? p.text.slice(2).trim() : p.text.replace(/^\/\*+|\*+\/$/g, '').trim();
      if (out.length && body) out[out.length - 1] += ` /* ${body.replace(/\*\//g, '* /')} */`;
      continue;
    }
    out.push(p.text);
  }
  return out;
}

interface FileInfo {
  text: string;
  lang: GrammarLang;
  pkg: string;
  imports: Map<string, string>;
}

const refersTo = (info: FileInfo, name: string, fq: string) => name === fq || (name === simpleOf(fq) && info.imports.get(name) === fq);

/** Java takes one element without braces; Kotlin wants an array literal for a named array attribute. */
function arrayText(items: string[], lang: GrammarLang): string {
  if (lang === 'kotlin') return `[${items.join(', ')}]`;
  return items.length === 1 ? items[0]! : `{${items.join(', ')}}`;
}

/** @Bean methods of the class that another method of the class calls (unqualified or on `this`). */
function interBeanCalls(body: Node, info: FileInfo): string[] {
  const beans = new Set<string>();
  const fnType = info.lang === 'java' ? 'method_declaration' : 'function_declaration';
  for (const m of body.namedChildren) {
    if (m?.type !== fnType) continue;
    const mods = m.namedChildren.find((c) => c?.type === 'modifiers');
    if (mods?.namedChildren.some((a) => !!a && /annotation/.test(a.type) && refersTo(info, annName(a, info.lang), BEAN))) {
      const name = info.lang === 'java' ? m.childForFieldName('name')?.text : m.namedChildren.find((c) => c?.type === 'identifier')?.text;
      if (name) beans.add(name);
    }
  }
  const called = new Set<string>();
  walk(body, (n) => {
    if (info.lang === 'java' && n.type === 'method_invocation') {
      const obj = n.childForFieldName('object');
      const name = n.childForFieldName('name')?.text ?? '';
      if ((!obj || obj.type === 'this') && beans.has(name)) called.add(name);
    } else if (info.lang === 'kotlin' && n.type === 'call_expression') {
      const callee = n.namedChild(0);
      const name = callee?.type === 'identifier' ? callee.text : callee?.type === 'navigation_expression' && callee.namedChild(0)?.type === 'this_expression' ? callee.namedChild(callee.namedChildCount - 1)?.text : undefined;
      if (name && beans.has(name)) called.add(name);
    }
  });
  return [...called];
}

/** Deletes an annotation; the whole line when it stands alone. */
function removal(text: string, node: Node): Edit {
  let s = node.startIndex;
  while (s > 0 && (text[s - 1] === ' ' || text[s - 1] === '\t')) s--;
  let e = node.endIndex;
  while (e < text.length && (text[e] === ' ' || text[e] === '\t')) e++;
  if ((s === 0 || text[s - 1] === '\n') && (e >= text.length || text[e] === '\n' || text[e] === '\r')) {
    if (text[e] === '\r') e++;
    if (text[e] === '\n') e++;
    return { start: s, end: e, text: '', rule: AUTO_CONFIGURATION_RULE };
  }
  return { start: node.startIndex, end: e, text: '', rule: AUTO_CONFIGURATION_RULE };
}

function fileInfo(f: ProjectFile): FileInfo | undefined {
  const text = f.text ?? '';
  const lang: GrammarLang = f.kind === 'kotlin' ? 'kotlin' : 'java';
  let tokens;
  try {
    tokens = scanJvm(text, lang);
  } catch {
    return undefined; // the sources pass reports files that do not scan
  }
  const imports = new Map<string, string>();
  let pkg = '';
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type !== 'ident' || (t.value !== 'import' && t.value !== 'package')) continue;
    const parts: string[] = [];
    let j = i + 1;
    while (tokens[j]?.type === 'ident') {
      parts.push(tokens[j]!.value);
      if (tokens[j + 1]?.value !== '.') break;
      j += 2;
    }
    if (t.value === 'package') pkg = parts.join('.');
    else if (parts.length) imports.set(parts[parts.length - 1]!, parts.join('.'));
  }
  return { text, lang, pkg, imports };
}

/** Import edits: AutoConfiguration in, Configuration/AutoConfigureAfter/Before out when no longer named. */
function importEdits(info: FileInfo, removed: Edit[], eol: string): Edit[] {
  const { text, lang } = info;
  const semi = lang === 'java' ? ';' : '';
  const uses = (simple: string) => {
    const re = new RegExp(`\\b${simple}\\b`, 'g');
    let n = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) if (!removed.some((e) => m!.index >= e.start && m!.index < e.end)) n++;
    return n;
  };
  const edits: Edit[] = [];
  const line = (fq: string) => new RegExp(`^[ \\t]*import[ \\t]+${fq.replace(/\./g, '\\.')}[ \\t]*;?[ \\t]*\\r?\\n`, 'm').exec(text);
  const hasAuto = info.imports.get('AutoConfiguration') === AUTO_CONFIGURATION;
  let added = hasAuto;
  for (const fq of [CONFIGURATION, AFTER, BEFORE]) {
    const m = line(fq);
    if (!m || info.imports.get(simpleOf(fq)) !== fq) continue;
    if (uses(simpleOf(fq)) > 1) continue; // the import itself is one use
    if (!added) {
      edits.push({ start: m.index, end: m.index + m[0].length, text: `import ${AUTO_CONFIGURATION}${semi}${eol}`, rule: AUTO_CONFIGURATION_RULE });
      added = true;
    } else edits.push({ start: m.index, end: m.index + m[0].length, text: '', rule: AUTO_CONFIGURATION_RULE });
  }
  if (!added) {
    const last = [...text.matchAll(/^[ \t]*import[ \t]+[\w.]+[ \t]*;?[ \t]*$/gm)].pop();
    if (last) edits.push({ start: last.index! + last[0].length, end: last.index! + last[0].length, text: `${eol}import ${AUTO_CONFIGURATION}${semi}`, rule: AUTO_CONFIGURATION_RULE });
  }
  return edits;
}

function convertFile(f: ProjectFile, listed: Set<string>): ProjectResult {
  const info = fileInfo(f);
  if (!info) return {};
  const eol = info.text.includes('\r\n') ? '\r\n' : '\n';
  const edits: Edit[] = [];
  const findings: FindingInput[] = [];
  withTree(info.lang, info.text, (tree) => {
    for (const cls of tree.rootNode.namedChildren) {
      if (cls?.type !== 'class_declaration') continue;
      const name = info.lang === 'java' ? cls.childForFieldName('name')?.text : cls.namedChildren.find((c) => c?.type === 'identifier' || c?.type === 'type_identifier')?.text;
      if (!name || !listed.has(info.pkg ? `${info.pkg}.${name}` : name)) continue;
      const mods = cls.namedChildren.find((c) => c?.type === 'modifiers');
      const anns: Ann[] = (mods?.namedChildren ?? []).filter((a): a is Node => !!a && /annotation/.test(a.type)).map((node) => ({ node, args: annArgs(node, info.lang) }));
      const find = (fq: string) => anns.find((a) => refersTo(info, annName(a.node, info.lang), fq));
      const config = find(CONFIGURATION);
      if (!config || find(AUTO_CONFIGURATION)) continue;
      const after = find(AFTER);
      const before = find(BEFORE);
      const parts: string[] = [];
      const value = config.args.get('value');
      if (value) parts.push(`value = ${value[0]}`);
      for (const [ann, key] of [[after, 'after'], [before, 'before']] as const) {
        if (!ann) continue;
        const classes = ann.args.get('value') ?? [];
        const names = ann.args.get('name') ?? [];
        if (classes.length) parts.push(`${key} = ${arrayText(classes, info.lang)}`);
        if (names.length) parts.push(`${key}Name = ${arrayText(names, info.lang)}`);
      }
      const replacement = parts.length === 1 && value ? `@AutoConfiguration(${value[0]})` : `@AutoConfiguration${parts.length ? `(${parts.join(', ')})` : ''}`;
      const proxy = config.args.get('proxyBeanMethods')?.[0];
      const other = [...config.args.keys()].filter((k) => k !== 'value' && k !== 'proxyBeanMethods');
      const body = cls.childForFieldName('body') ?? cls.namedChildren.find((c) => c?.type === 'class_body');
      const calls = proxy === 'false' || !body ? [] : interBeanCalls(body, info);
      const why = other.length ? `@Configuration sets ${other.join(', ')}, which @AutoConfiguration lacks` : proxy && proxy !== 'false' ? `@Configuration(proxyBeanMethods = ${proxy}) while @AutoConfiguration does not proxy @Bean methods` : calls.length ? `@Bean method(s) ${calls.join(', ')} are called from another @Bean method; @AutoConfiguration does not proxy them, so each call would make a new instance` : '';
      if (why) {
        findings.push({ rule: AUTO_CONFIGURATION_RULE, severity: 'info', path: f.path, offset: config.node.startIndex, message: `${name} is an auto-configuration; Boot 3.0 recommends ${replacement} but it was not rewritten: ${why}. Pass the beans as method parameters, then write it`, docs: DOCS });
        continue;
      }
      edits.push({ start: config.node.startIndex, end: config.node.endIndex, text: replacement, rule: AUTO_CONFIGURATION_RULE });
      const removed = [after, before].filter((a): a is Ann => !!a).map((a) => removal(info.text, a.node));
      edits.push(...removed);
      edits.push(...importEdits(info, [...removed, { start: config.node.startIndex, end: config.node.endIndex, text: '', rule: '' }], eol));
      findings.push({ rule: AUTO_CONFIGURATION_RULE, severity: 'info', path: f.path, offset: config.node.startIndex, message: `${name} is listed as an auto-configuration: @Configuration${after || before ? ' with @AutoConfigureAfter/Before' : ''} became ${replacement} (proxyBeanMethods = false; no @Bean method of it calls another)`, docs: DOCS });
    }
  });
  return { edits: edits.length ? [{ path: f.path, edits }] : [], findings };
}

export const autoConfigurationPass: ProjectPass = {
  id: AUTO_CONFIGURATION_RULE,
  description: 'auto-configuration classes annotated @Configuration (+ @AutoConfigureAfter/Before) become @AutoConfiguration(after = ..., before = ...) where that behaves the same',
  rules: [AUTO_CONFIGURATION_RULE],
  kinds: ['java', 'kotlin', 'autoconfig-imports', 'spring-factories'],
  // no init: a file that needs a tree asks for the grammar (NotReady) and the engine runs the pass again
  run(project, ctx) {
    const listed = listedClasses(project, ctx.table);
    if (listed.size === 0) return {};
    const result: Required<ProjectResult> = { edits: [], fileOps: [], findings: [] };
    const simple = new Set([...listed].map(simpleOf));
    for (const f of project.ofKind('java', 'kotlin')) {
      const text = f.text ?? '';
      if (!text.includes('Configuration') || ![...simple].some((s) => text.includes(s))) continue;
      const r = convertFile(f, listed);
      result.edits.push(...(r.edits ?? []));
      result.findings.push(...(r.findings ?? []));
    }
    return result;
  },
};
