// The contract between the engine and every transform. A transform never re-prints a file:
// it returns position edits on the text it was given, and findings for what a human must do.
import type { MigrationTable } from '../table/types.js';
import type { Skipped } from './scan.js';

/** What a file is, decided from its path alone (see classify.ts). */
export type FileKind =
  | 'java'
  | 'kotlin'
  | 'properties' // Spring Boot configuration .properties (application*, bootstrap*, --config-glob)
  | 'yaml' // Spring Boot configuration .yml/.yaml
  | 'pom'
  | 'gradle' // Groovy DSL: build.gradle, settings.gradle, *.gradle
  | 'gradle-kts' // Kotlin DSL: *.gradle.kts
  | 'version-catalog' // gradle/libs.versions.toml and other *.versions.toml
  | 'gradle-wrapper' // gradle/wrapper/gradle-wrapper.properties
  | 'gradle-properties' // gradle.properties (project variables such as springBootVersion)
  | 'gradle-lockfile' // gradle.lockfile, buildscript-gradle.lockfile, gradle/dependency-locks/*.lockfile (build/gradle-lockfile, the coherence check)
  | 'spring-factories' // META-INF/spring.factories
  | 'autoconfig-imports' // META-INF/spring/*.imports
  | 'banner-image' // banner.gif/jpg/png in resources
  | 'service-loader' // META-INF/services/*
  | 'jpa-xml' // persistence.xml, orm.xml
  | 'xml' // any other XML (web.xml, beans.xml, wsdl, JAXB .xjb bindings, ...)
  | 'validation-messages' // ValidationMessages*.properties (Bean Validation message bundles)
  | 'env' // .env files, Dockerfile, docker-compose, Kubernetes manifests, Helm values
  | 'openapi' // openapi/swagger documents (json/yaml)
  | 'script' // MANIFEST.MF, shell and batch scripts, Procfile: places that name a main class
  | 'other';

export type Severity = 'error' | 'warning' | 'info';

/** A replacement of original[start, end) by text. Offsets are UTF-16 indexes into SourceFile.text. */
export interface Edit {
  start: number;
  end: number;
  text: string;
  /** Rule id that made the edit: lets --explain, the report and --only/--skip trace every hunk. */
  rule: string;
}

/** What a pass reports. The engine fills in path, line and column from `offset` when not given. */
export interface FindingInput {
  rule: string;
  severity: Severity;
  message: string;
  /** Offset into the file text; the engine turns it into line/column. */
  offset?: number;
  line?: number;
  column?: number;
  /** Defaults to the file the pass ran on. */
  path?: string;
  docs?: string;
}

export interface Finding {
  rule: string;
  severity: Severity;
  path: string;
  line: number;
  column: number;
  message: string;
  docs?: string;
  /** For a rule that is one fact per application (report/rules.ts perApplication): its folder. */
  application?: string;
  /** Every occurrence behind a finding that stands for several (each route of an application). */
  related?: RelatedLocation[];
}

export interface RelatedLocation {
  path: string;
  line: number;
  column: number;
  message: string;
}

export type Encoding = 'utf8' | 'latin1';

/** A decoded file as passes see it. The BOM is removed from `text` and put back on write. */
export interface SourceFile {
  /** Path relative to the scan root, '/' separated. */
  path: string;
  kind: FileKind;
  text: string;
  encoding: Encoding;
  bom: boolean;
}

export interface RunOptions {
  /** Every command-line option, camelCased (trailing-slash mode, keep-factories, ...). */
  [option: string]: unknown;
}

export interface PassContext {
  table: MigrationTable;
  options: RunOptions;
  /** Read-only view of every scanned file, for passes that need a neighbour (e.g. the build). */
  project: ProjectView;
  /**
   * Whether --only/--skip keep a rule of a pass. The engine drops unselected edits anyway; a
   * pass whose edits only make sense together (a YAML block move) asks first.
   */
  ruleSelected(passId: string, rule: string): boolean;
  /**
   * Whether a path lies in a module that is not a Spring Boot module (build/non-boot-module): the
   * engine's one decision, so that a project pass does not decide it again. Set before the
   * project passes run; absent (nothing left alone) before.
   */
  isLeftAlone?(path: string): boolean;
  /**
   * False when the run reads only part of the repository's sources (a list of files was given,
   * or a Java/Kotlin file was skipped): a pass must not decide something about every source then.
   */
  wholeRepository?: boolean;
  /**
   * The run's decisions (RunDecision), made once on the main thread after the files are read and
   * before any pass runs; every pass (and the worker) reads the same value by the decision's id.
   */
  decisions?: Readonly<Record<string, unknown>>;
}

/**
 * A choice that spans passes and must be the same for all of them (springfox -> springdoc: the
 * build's starter and the sources' annotations only compile together). The engine makes it once
 * per run, with the whole project and the module decision at hand, and hands the result (plain
 * data) to every pass as `ctx.decisions[id]`. It may throw NotReady like a pass.
 */
export interface RunDecision {
  id: string;
  /** File kinds the decision reads: read even when no selected pass reads them (--only properties). */
  kinds?: FileKind[];
  decide(ctx: PassContext): unknown;
}

export interface PassResult {
  edits?: Edit[];
  findings?: FindingInput[];
  /**
   * FilePass.settles for this file alone: the pass left nothing for another round (it put off
   * nothing, and met nothing that a second round would see differently). For a pass whose
   * fixed point takes rounds on some files, and that can tell which.
   */
  settled?: boolean;
}

/** An option the run cannot honour (an unknown --boot-version): a usage error, found before any file is read. */
export class OptionError extends Error {}

/** Thrown by a format adapter when a file cannot be parsed: the file is left untouched and reported. */
export class ParseError extends Error {
  constructor(
    message: string,
    readonly offset?: number,
  ) {
    super(message);
    this.name = 'ParseError';
  }
}

/**
 * Thrown by a pass (or an adapter it calls) that needs something loaded asynchronously first,
 * such as a tree-sitter grammar only a few files need: the engine awaits `ready` and runs the
 * pass on the same file again. Passes are pure functions of the file, so the re-run is exact.
 */
export class NotReady extends Error {
  constructor(
    readonly ready: Promise<void>,
    what: string,
  ) {
    super(`${what} is not loaded yet`);
    this.name = 'NotReady';
  }
}

/** A per-file pass: a pure function of one file's text (plus the table and read-only context). */
export interface FilePass {
  id: string;
  description: string;
  /** File kinds this pass reads. */
  kinds: FileKind[];
  /** Rule ids this pass may emit (edits and findings), for --only/--skip and the report. */
  rules: string[];
  /** Called once per run before any file (load parsers, e.g. WASM grammars). */
  init?(ctx: PassContext): Promise<void>;
  /** Cheap test on the raw text; false means the pass has nothing to do (skips parsing). */
  prefilter?(text: string, ctx: PassContext): boolean;
  /**
   * One round reaches the fixed point: run again on the text its round left (its own edits and
   * those of the other passes of the kind, applied together), it returns no edit and no finding
   * it did not already return at the same place. When every pass of a kind claims it (here, or
   * for one file in PassResult.settled), a file of that kind that changed needs no second round
   * to confirm the fixed point, unless an edit was deferred (file-run.ts). Proven by
   * differential tests (the same plan with and without the confirming round):
   * test/settles.test.ts for Java and Kotlin, test/settles-config.test.ts for YAML, properties,
   * XML and poms over every fixture and seeded random documents.
   */
  settles?: boolean;
  run(file: SourceFile, ctx: PassContext): PassResult;
}

export type FileOp =
  | { op: 'create'; path: string; content: Buffer | string; rule: string }
  | { op: 'delete'; path: string; rule: string };

export interface ProjectResult {
  /** Edits on existing files, keyed by path (same model as FilePass edits). */
  edits?: { path: string; edits: Edit[] }[];
  fileOps?: FileOp[];
  findings?: FindingInput[];
}

/** A pass that sees several files at once and may create or delete files. */
export interface ProjectPass {
  id: string;
  description: string;
  rules: string[];
  /** File kinds this pass needs to see (they are read even when no FilePass reads them). */
  kinds: FileKind[];
  init?(ctx: PassContext): Promise<void>;
  /** Runs after every FilePass has settled, on the files as they are after those edits. */
  run(project: ProjectView, ctx: PassContext): ProjectResult | Promise<ProjectResult>;
}

export interface ProjectFile {
  path: string;
  kind: FileKind;
  /** Text after the file passes (BOM removed); undefined for binary files (banner images). */
  text?: string;
  /** Raw bytes, for binary kinds only. */
  bytes?: Buffer;
}

/**
 * A part of the repository the passes must not change (a module that is not a Spring Boot module):
 * every file under `dir` is skipped, and the engine reports it once at `path` (`offset`).
 */
export interface LeftAlone {
  dir: string;
  /** Only files of these kinds under `dir` (absent: every file). */
  kinds?: FileKind[];
  /** Folders below `dir` that are modules of their own and not left alone (a Boot module inside a Quarkus build). */
  except?: string[];
  path: string;
  offset?: number;
  message: string;
  /** The finding that says so: LeaveAlone.rule at info unless given (a build that cannot be read is an error). */
  rule?: string;
  severity?: Severity;
  /** Say nothing (the run's verdict says it for the whole repository). */
  quiet?: boolean;
}

/**
 * The Spring Boot line of one module (the folder of a build file, or the repository root when it
 * has none), decided from its build as read: `boot2` is migrated; `boot3` (the 3.0 line this tool
 * migrates to) is finished (changes and errors, no findings about the 2.x to 3.0 step, which it
 * already took); `later` and `none` are left alone.
 */
export interface ModuleLine {
  dir: string;
  /** The build file (absent: no build file, Boot 2 assumed). */
  build?: string;
  line: 'boot2' | 'boot3' | 'later' | 'none';
  /** The Boot version the build resolves, when it is in the repository. */
  version?: string;
  /** Why, in a few words (the parent, the plugin, "Quarkus"). */
  why?: string;
  /** On Boot 2 and left as it is: its Boot comes from a parent or BOM outside the repository, or its build cannot be read (an error finding says which). */
  kept?: boolean;
}

export interface ModuleDecision {
  leftAlone: LeftAlone[];
  modules: ModuleLine[];
}

/** Decides, before the passes run, which parts of the repository to leave alone (and from which file kinds). */
export interface LeaveAlone {
  rule: string;
  kinds: FileKind[];
  /** `partial`: the run reads only some files (a list was given): nothing is called non-Boot for lack of evidence. */
  decide(project: ProjectView, ctx: PassContext, partial: boolean): Promise<ModuleDecision>;
}

export interface ProjectView {
  /** Absolute path of the scan root. */
  root: string;
  files: ProjectFile[];
  byPath: Map<string, ProjectFile>;
  ofKind(...kinds: FileKind[]): ProjectFile[];
}

/** What the engine decided for one file. */
export interface FileChange {
  path: string;
  kind: FileKind;
  status: 'modified' | 'created' | 'deleted';
  before?: Buffer;
  after?: Buffer;
  /** Rules whose edits made this change, with how many edits each. */
  rules: Record<string, number>;
  /** File mode to keep (from the original, or 0o644 for created files). */
  mode?: number;
}

export interface RunResult {
  root: string;
  /** The Spring Boot line of each module as read (absent when no module decision ran). */
  modules?: ModuleLine[];
  changes: FileChange[];
  findings: Finding[];
  /** Files that could not be read or parsed (also reported as error findings). */
  errors: Finding[];
  /** excluded: files left out by --exclude; suppressed: findings silenced by a comment; baselined: by the baseline file. */
  stats: { scanned: number; read: number; skipped: Skipped[]; excluded?: number; suppressed?: number; baselined?: number };
  /** The Spring Boot release the run migrated to, and the newest line the table knows (set by planMigration). */
  target?: { version: string; minor: string; newest?: { minor: string; version: string } };
}
