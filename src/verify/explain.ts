// A compiler error, mapped to the Boot 3.0 change behind it when the table knows one: the name
// the compiler could not find (from its message, its `symbol:`/`location:` lines, or the import
// on the error's line) is looked up as a type, a package or a method.
import type { CompileProblem } from './parse/problems.js';
import type { Explanation, KnownChanges } from './known-changes.js';
import { sourceNames } from './source-names.js';

const NAME = '([\\w$.]+)';

/** `symbol:   class Foo` / `location: package a.b` -> their parts. */
function detail(details: string[], key: 'symbol' | 'location'): { kind: string; name: string } | undefined {
  const line = details.find((d) => d.startsWith(key + ':'));
  if (!line) return undefined;
  const body = line.slice(key.length + 1).trim();
  const typed = /^variable \S+ of type (\S+)$/.exec(body);
  if (typed) return { kind: 'variable', name: typed[1]! };
  const m = /^(class|interface|enum|annotation type|@interface|record|package|method|variable|static) (\S+?)(?:\(.*\))?$/.exec(body);
  return m ? { kind: m[1]!, name: m[2]!.replace(/<.*$/, '') } : undefined;
}

/** A simple name, through the file's imports. */
function viaImports(file: string, simple: string, known: KnownChanges): Explanation | undefined {
  for (const fqcn of sourceNames(file)?.candidates(simple) ?? []) {
    const found = known.typeChange(fqcn);
    if (found) return found;
  }
  return undefined;
}

/** The import on the error's line, when there is one. */
function importOn(file: string, line: number, known: KnownChanges): Explanation | undefined {
  const imp = sourceNames(file)?.importAt(line);
  if (!imp) return undefined;
  return imp.wildcard ? known.packageChange(imp.name) : known.typeChange(imp.name) ?? known.typeChange(imp.name.slice(0, imp.name.lastIndexOf('.')));
}

function javac(p: CompileProblem, file: string, known: KnownChanges): Explanation | undefined {
  const pkg = new RegExp(`^package ${NAME} does not exist$`).exec(p.message);
  if (pkg) return importOn(file, p.line, known) ?? known.packageChange(pkg[1]!);
  if (p.message.startsWith('cannot find symbol')) {
    const symbol = detail(p.details, 'symbol');
    const location = detail(p.details, 'location');
    if (!symbol) return importOn(file, p.line, known);
    if (symbol.kind === 'method') return known.methodChange(symbol.name, location?.kind === 'package' ? undefined : location?.name);
    if (location?.kind === 'package') return known.typeChange(`${location.name}.${symbol.name}`);
    if (symbol.kind === 'variable' && !/^[A-Z]/.test(symbol.name)) return importOn(file, p.line, known);
    return importOn(file, p.line, known) ?? viaImports(file, symbol.name, known);
  }
  const access = new RegExp(`^cannot access ${NAME}$`).exec(p.message);
  if (access) {
    const found = known.typeChange(access[1]!);
    return found && { ...found, text: `a class the code uses refers to ${access[1]}, which is not on the class path (a dependency built for Boot 2 / Java EE?). ${found.text}` };
  }
  const abstract = new RegExp(`does not override abstract method (\\w+)\\(.*\\) in ${NAME}`).exec(p.message);
  if (abstract) return known.methodChange(abstract[1]!, abstract[2]);
  if (p.message.startsWith('static import only from classes and interfaces')) return importOn(file, p.line, known);
  return undefined;
}

function kotlinc(p: CompileProblem, file: string, known: KnownChanges): Explanation | undefined {
  const unresolved = /^Unresolved reference:? '?([\w$]+)'?\.?$/.exec(p.message);
  if (unresolved) {
    const name = unresolved[1]!;
    return importOn(file, p.line, known) ?? viaImports(file, name, known) ?? known.methodChange(name);
  }
  const access = /^Cannot access class '([\w$.]+)'/.exec(p.message);
  if (access) return known.typeChange(access[1]!);
  const abstract = /does not implement abstract member .*?fun (\w+)\(.*defined in ([\w$.]+)/.exec(p.message);
  if (abstract) return known.methodChange(abstract[1]!, abstract[2]);
  const nothing = /^'(\w+)' overrides nothing/.exec(p.message);
  if (nothing) return known.methodChange(nothing[1]!);
  return undefined;
}

/** The Boot 3.0 change the table says causes this error; `file` is the problem's file, absolute. */
export function explainCompileError(p: CompileProblem, file: string, known: KnownChanges): Explanation | undefined {
  return p.compiler === 'javac' ? javac(p, file, known) : kotlinc(p, file, known);
}
