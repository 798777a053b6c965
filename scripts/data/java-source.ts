// Reading deprecations out of published Java sources (a `-sources.jar` entry): the top-level type's
// `@Deprecated(since, forRemoval)` and its javadoc `@deprecated` text, with the `{@link X}` it names
// resolved to a fully qualified name through the file's imports and package. Text-level reading of
// well-formed library sources; only what the data files need.

export interface TypeDeprecation {
  since: string | null;
  forRemoval: boolean;
  /** The javadoc's @deprecated text, whitespace collapsed. */
  text: string | null;
  /** Fully qualified names the @deprecated text links to (`{@link X}`, `{@link X#m()}` gives X). */
  links: string[];
}

export interface TypeInfo {
  fqcn: string;
  kind: 'class' | 'interface' | 'annotation' | 'enum' | 'record';
  deprecation: TypeDeprecation | null;
}

/** `org/springframework/boot/Foo.java` -> `org.springframework.boot.Foo`; undefined for package-info and non-Java entries. */
export function typeNameOf(entry: string): string | undefined {
  if (!entry.endsWith('.java') || /(^|\/)(package|module)-info\.java$/.test(entry)) return undefined;
  return entry.slice(0, -'.java'.length).replace(/\//g, '.');
}

function resolver(source: string, pkg: string): (simple: string) => string {
  const imports = new Map<string, string>();
  for (const m of source.matchAll(/^import\s+([\w.]+)\s*;/gm)) imports.set(m[1]!.slice(m[1]!.lastIndexOf('.') + 1), m[1]!);
  return (name) => {
    if (name.includes('.') && /^[a-z]/.test(name)) return name; // already qualified
    const [head, ...rest] = name.split('.');
    const base = imports.get(head!) ?? (pkg ? `${pkg}.${head}` : head!);
    return [base, ...rest].join('.');
  };
}

/** The deprecation parts of a javadoc + annotations block. */
export function deprecationOf(javadoc: string, annotations: string, resolve: (simple: string) => string): TypeDeprecation | null {
  const annotation = /@Deprecated\b(\s*\(([^)]*)\))?/.exec(annotations);
  const doc = /@deprecated\b([\s\S]*?)(?=\n\s*\*\s*@[a-z]|\*\/)/.exec(javadoc);
  if (!annotation && !doc) return null;
  const args = annotation?.[2] ?? '';
  const since = /since\s*=\s*"([^"]*)"/.exec(args)?.[1] ?? null;
  const forRemoval = /forRemoval\s*=\s*true/.test(args);
  const text = doc ? doc[1]!.replace(/^\s*\*\s?/gm, ' ').replace(/\s+/g, ' ').trim() : null;
  // {@link X}, {@link X#m()}, {@link X label}: X
  const links = text ? [...text.matchAll(/\{@link(?:plain)?\s+([\w.]+)(?:#[^}\s]*)?(?:\s+[^}]*)?\}/g)].map((m) => resolve(m[1]!)) : [];
  return { since, forRemoval, text, links: [...new Set(links)] };
}

const DECLARATION = /^[ \t]*(?:public\s+|protected\s+|private\s+)?(?:(?:abstract|final|sealed|non-sealed|static|strictfp)\s+)*(class|interface|@interface|enum|record)\s+(\w+)/m;

/** The top-level type a source file declares, with its deprecation. */
export function readType(entry: string, source: string): TypeInfo | undefined {
  const fqcn = typeNameOf(entry);
  if (!fqcn) return undefined;
  const simple = fqcn.slice(fqcn.lastIndexOf('.') + 1);
  const pkg = /^package\s+([\w.]+)\s*;/m.exec(source)?.[1] ?? '';
  // the declaration of this file's type (not a nested one): the first one naming it
  const re = new RegExp(DECLARATION.source.replace('(\\w+)', `(${simple})\\b`), 'm');
  const decl = re.exec(source);
  if (!decl) return undefined;
  const head = source.slice(0, decl.index);
  // the javadoc right before the declaration, and the annotations between them
  const docStart = head.lastIndexOf('/**');
  const docEnd = head.lastIndexOf('*/');
  // the end of the last package/import statement (a javadoc's code sample has semicolons too)
  const importsEnd = [...head.matchAll(/^(?:import|package)\s[^;]*;/gm)].reduce((end, m) => m.index! + m[0].length, 0);
  const javadoc = docStart > importsEnd && docEnd > docStart ? head.slice(docStart, docEnd + 2) : '';
  const annotations = head.slice(javadoc ? docEnd + 2 : importsEnd + 1);
  const kindWord = decl[1]!;
  const kind = kindWord === '@interface' ? 'annotation' : (kindWord as TypeInfo['kind']);
  return { fqcn, kind, deprecation: deprecationOf(javadoc, annotations, resolver(source, pkg)) };
}

export interface MemberDeprecation extends TypeDeprecation {
  /** The declaring type (fully qualified). */
  type: string;
  name: string;
  /** The parameter list as written, whitespace collapsed (`Customizer<CsrfConfigurer<HttpSecurity>> csrfCustomizer`). */
  params: string;
  /** The member links of the @deprecated text (`#csrf(Customizer)`, `Type#method(...)`), as written. */
  memberLinks: string[];
}

const METHOD = /(\/\*\*(?:(?!\*\/)[\s\S])*\*\/)?\s*((?:@[\w.]+(?:\s*\([^)]*\))?\s*)*)public\s+(?:(?:static|final|synchronized|default|abstract)\s+)*(?:<[^>]*(?:<[^>]*>[^>]*)*>\s+)?[\w.<>?,\s[\]]+?\s+(\w+)\s*\(([^)]*)\)/g;

/** Every public method of a source file that is deprecated, with its javadoc's @deprecated text and links. */
export function deprecatedMethods(entry: string, source: string): MemberDeprecation[] {
  const fqcn = typeNameOf(entry);
  if (!fqcn) return [];
  const pkg = /^package\s+([\w.]+)\s*;/m.exec(source)?.[1] ?? '';
  const resolve = resolver(source, pkg);
  const out: MemberDeprecation[] = [];
  for (const m of source.matchAll(METHOD)) {
    const [, javadoc = '', annotations = '', name, params] = m;
    if (!/@Deprecated\b/.test(annotations) && !/@deprecated\b/.test(javadoc)) continue;
    const dep = deprecationOf(javadoc, annotations, resolve);
    if (!dep) continue;
    const memberLinks = dep.text ? [...dep.text.matchAll(/\{@link(?:plain)?\s+([\w.]*#[^}]*)\}/g)].map((l) => l[1]!.replace(/\s+/g, ' ').trim()) : [];
    out.push({ ...dep, type: fqcn, name: name!, params: params!.replace(/\s+/g, ' ').trim(), memberLinks });
  }
  return out;
}
