// Java/Kotlin source rows (javax -> jakarta, moved and removed Spring types, annotations) and
// the non-Java places where the same names live (META-INF/services, XML descriptors,
// ValidationMessages*.properties).
// Filled by scripts/table/code.ts from ../shared/data; read by transforms/sources.

/** A javax package that becomes jakarta (jakarta-packages.json `moves`). */
export interface PackageMove {
  from: string;
  to: string;
  spec: string;
  /** true: sub-packages move too (unless a more specific `stays` row says otherwise). */
  recursive: boolean;
  /** Class-level precision: when given on a non-recursive row, only these types move. */
  classes?: string[];
  /**
   * What provides the jakarta package on a Boot 3.0 class path, in the data's words
   * (`jakarta.xml.bind:jakarta.xml.bind-api 4.0.1 + ...`, what spring-boot-dependencies 3.0.13
   * manages): the fix a build that cannot find the package is told.
   */
  provider?: string;
  note?: string;
}

/** A javax package that stays (JDK, JSR-305, JCache, pruned APIs...). */
export interface PackageStay {
  package: string;
  reason: string;
  /** Sub-packages stay too (the data says "and sub-packages" or names them). */
  recursive: boolean;
  /** Simple names the data lists as examples of what stays here (JSR-305 types). */
  examples?: string[];
  note?: string;
}

/**
 * What a rename changes besides the name (scripts/table/code-shapes.ts explains each value):
 * same, class-to-interface, annotation-attributes, members-differ, constructors-differ,
 * different-type. The sources passes rename only where the shape makes it safe.
 */
export type TypeShape = 'same' | 'class-to-interface' | 'annotation-attributes' | 'members-differ' | 'constructors-differ' | 'different-type';

/** For annotation-attributes rows: which attributes carry over, and the old meaning to write out. */
export interface AnnotationShape {
  /** Attributes of the old annotation that the new one has with the same meaning. */
  keeps: string[];
  /** attribute -> value to write when the old annotation left it unset (the new default differs). */
  preserve: Record<string, string>;
  /** A class extending this type (fully qualified) relies on the old annotation: reported. */
  notOn?: string;
  /**
   * A use inside a class annotated with one of these (fully qualified) is reported: the new
   * annotation does not work there (@MockitoBean is read on test classes, not in @Configuration).
   */
  notInClassesAnnotated?: string[];
}

/** A Spring or third-party type, annotation or constant with a new name or package. */
export interface TypeRename {
  /** Fully qualified: `pkg.Type` or, for constants, `pkg.Type.FIELD`. */
  from: string;
  to: string;
  kind: 'type' | 'annotation' | 'field';
  note: string;
  docs: string;
  shape: TypeShape;
  /** What changes besides the name, in words. */
  changes: string;
  /** The old name is gone in 3.0 (false: still there, deprecated, so code naming it compiles). */
  removed: boolean;
  /** The code to write instead where the pass reports rather than renames. */
  instead?: string;
  annotation?: AnnotationShape;
  /** Where the shape was checked, when not the row's own source. */
  shapeSource?: string;
}

/** A whole package that moves (Dropwizard metrics servlets, Thymeleaf spring5 -> spring6). */
export interface PackageRename {
  from: string;
  to: string;
  note: string;
  docs: string;
}

/** An annotation that is deleted from the code (its import too, when nothing else uses it). */
export interface AnnotationRemoval {
  fqcn: string;
  message: string;
  docs: string;
}

/** Type-level @ConstructorBinding: removed; on a constructor it moves to `to`. */
export interface ConstructorBindingRow {
  from: string;
  to: string;
  message: string;
  docs: string;
}

/** A type, annotation or member whose use needs a person: reported where the code uses it. */
export interface ApiFollowUp {
  /** Declaring type, fully qualified. */
  type: string;
  /** Methods/constructors of `type` (absent: any use of the type). */
  members?: { name: string; params?: number }[];
  kind: 'type' | 'annotation' | 'method';
  action: 'rename' | 'remove' | 'manual';
  replacement: string | null;
  message: string;
  docs: string;
  severity: 'error' | 'warning' | 'info';
}

/** A package the data says NOT to rewrite although older notes suggest it (Micrometer binders). */
export interface PackageKept {
  package: string;
  note: string;
  docs: string;
}

/**
 * A javax-era XML descriptor (persistence.xml, orm.xml, web.xml, web-fragment.xml, beans.xml,
 * validation.xml, JAXB *.xjb) moved to its Jakarta namespace, version and schema. Class and
 * property names inside (element text and attribute values that are exactly one `javax.` name)
 * follow the package table.
 */
export interface XmlDescriptorRewrite {
  /** File name (`web.xml`) or `*.ext` for a file extension (`*.xjb`). */
  file: string;
  /** The rule id the edits carry (sources/jpa-xml for JPA files, sources/jakarta-xml otherwise). */
  rule: string;
  /** Old namespace URIs the data names; a root namespace ending in the same last two path segments as `to` (and not on jakarta.ee) is old too. */
  namespaces: string[];
  /** The Jakarta namespace. */
  to: string;
  /** The new value of the root's `version` attribute. */
  version: string;
  /** Schema file (in xsi:schemaLocation) matched by a regular expression source, and the new file name below `to`. */
  /** Schema files named `<stem>_<major>_<minor>.xsd` (matched literally, never as a pattern) move to `to`. */
  schema?: { stem: string; to: string };
  docs: string;
}

/** ValidationMessages*.properties: message keys below `from` move to `to` (same suffix). */
export interface ValidationMessagesRewrite {
  /** Base name of the bundle (`ValidationMessages`): the files are `ValidationMessages*.properties`. */
  bundle: string;
  from: string;
  to: string;
  /** Keys must end with this (`.message`). */
  suffix: string;
  docs: string;
}

/**
 * A supertype that stopped extending another in 3.0: a declaration that extends `type` (and not
 * `lost` already) gets `lost` with the same type arguments, which is what it inherited before.
 */
export interface LostSupertype {
  type: string;
  lost: string;
  source: string;
  docs: string;
}

export interface SourcesSection {
  packages: { moves: PackageMove[]; stays: PackageStay[] };
  packageRenames: PackageRename[];
  packagesKept: PackageKept[];
  types: TypeRename[];
  annotationRemovals: AnnotationRemoval[];
  constructorBinding: ConstructorBindingRow;
  followUps: ApiFollowUp[];
  serviceLoader: { directory: string; docs: string };
  xmlDescriptors: XmlDescriptorRewrite[];
  validationMessages: ValidationMessagesRewrite;
  lostSupertypes?: LostSupertype[];
}
