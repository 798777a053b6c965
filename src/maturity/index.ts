// `boot-upgrade maturity`: grade an application's HTTP interface on the maturity model (0-3)
// from its sources, an OpenAPI document, and optionally a live probe.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Command, CommandContext } from '../cli/commands.js';
import { colorFor } from '../cli/color.js';
import { COMMON_OPTIONS, optionHelp, parse, wrap, type OptionSpec } from '../cli/options.js';
import type { Skipped } from '../engine/scan.js';
import { writeFileAtomically } from '../engine/temp-file.js';
import { grade, normalizePath, type Rule } from './grade.js';
import type { GradeInput, Report } from './model.js';
import { FORMATS, formatReport, type Format } from './format.js';
import { OpenApiError, openApiInput, parseOpenApi } from './openapi.js';
import { crawl, PROBE_DEFAULTS, probeBase, ProbeError, probeOperations, type ProbeOptions } from './probe.js';
import { readProject, sourceInput } from './source.js';
import { defaultVocabulary, loadConfig } from './vocabulary.js';

export type { Report } from './model.js';

export interface MaturityOptions {
  /** A directory (sources, or OpenAPI documents in it) or an OpenAPI file. */
  target: string;
  rule?: Rule;
  url?: string;
  config?: string;
  includeFramework?: boolean;
  probe?: Partial<ProbeOptions>;
  /** Files larger than this are not read (default: the engine's, 4 MB). */
  maxFileSize?: number;
  /** Filled with what the grader did not read of a directory, and why. */
  skipped?: Skipped[];
}

/** Input errors (missing target, unparseable document, bad config): one line naming the file. */
export class MaturityInputError extends Error {}

export async function maturityReport(o: MaturityOptions): Promise<Report> {
  let vocab = defaultVocabulary();
  if (o.config) {
    try {
      vocab = loadConfig(o.config, vocab);
    } catch (e) {
      throw new MaturityInputError((e as Error).message);
    }
  }
  vocab.includeFramework = o.includeFramework ?? false;
  const base = o.url ? checkedUrl(o.url) : undefined;
  if (!existsSync(o.target)) throw new MaturityInputError(`${o.target}: no such file or directory`);
  let input = statSync(o.target).isDirectory() ? await directoryInput(o.target, vocab, o) : openApiFileInput(o.target, vocab);
  const probeOpts = { ...PROBE_DEFAULTS, ...o.probe };
  if (base) input = input.operations.length ? await probeOperations(input, base, vocab, probeOpts) : await crawl(base, vocab, probeOpts);
  if (!input.operations.length) {
    // why the service did not answer (refused, timed out, not found): the probe's own words
    const why = input.notes.find((n) => n.startsWith('probe GET ') || n.startsWith('probe stopped') || n.startsWith('not '));
    throw new MaturityInputError(`${o.target}: no HTTP operations found (no controllers, router functions, SOAP endpoints or OpenAPI document)${base ? ` and nothing answered at ${base.href}${why ? ` (${why})` : ''}` : ''}`);
  }
  return grade(input, vocab, o.rule ?? 'min', base?.href);
}

function checkedUrl(url: string): URL {
  try {
    return probeBase(url);
  } catch (e) {
    if (e instanceof ProbeError) throw new MaturityInputError(e.message);
    throw e;
  }
}

function openApiFileInput(file: string, vocab: ReturnType<typeof defaultVocabulary>): GradeInput {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new MaturityInputError(`${file}: cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  try {
    return openApiInput(file, parseOpenApi(file, text), vocab);
  } catch (e) {
    if (e instanceof OpenApiError) throw new MaturityInputError(e.message);
    throw e;
  }
}

async function directoryInput(dir: string, vocab: ReturnType<typeof defaultVocabulary>, o: MaturityOptions): Promise<GradeInput> {
  const root = path.resolve(dir);
  const files = await readProject(root, o.maxFileSize, o.skipped);
  const source = await sourceInput(dir, files, vocab);
  const generated = source.generatedInterfaces ?? [];
  if (source.operations.length && !generated.length) return source;
  // No routes in the sources, or controllers whose mappings are generated at build time: grade the repository's OpenAPI documents.
  const docs = files.filter((f) => f.kind === 'openapi');
  const inputs: GradeInput[] = [];
  for (const d of docs) {
    const rel = path.join(dir, d.path);
    try {
      inputs.push(openApiInput(rel, parseOpenApi(rel, d.text), vocab));
    } catch (e) {
      if (e instanceof OpenApiError) throw new MaturityInputError(e.message);
      throw e;
    }
  }
  const hidden = generated.length ? `${generated.join(', ')}: the mappings are generated at build time and are not in the sources` : '';
  if (!inputs.length) return hidden ? { ...source, notes: [...source.notes, `${hidden}; no OpenAPI document found in the repository to grade them, so those controllers are not graded`] } : source;
  const documents = inputs.map((i) => i.path);
  const documented = new Set(inputs.flatMap((i) => i.operations.map((o) => `${o.method} ${normalizePath(o.path)}`)));
  // hand-written routes the documents do not describe are graded from the sources beside them
  const extra = source.operations.filter((o) => !documented.has(`${o.method} ${normalizePath(o.path)}`));
  const why = hidden ? `graded the OpenAPI document(s) ${documents.join(', ')}: ${hidden}` : `graded the OpenAPI document(s) ${documents.join(', ')}: the sources declare no routes`;
  return {
    kind: 'openapi',
    path: dir,
    documents,
    operations: [...inputs.flatMap((i) => i.operations), ...extra],
    excluded: [],
    notes: [why, ...source.notes, ...inputs.flatMap((i) => i.notes)],
    style: 'openapi',
  };
}

/** maturity's own options; it takes COMMON_OPTIONS too, as every command does. */
const MATURITY_OPTIONS: Record<string, OptionSpec> = {
  format: { type: 'string', short: 'f', value: 'FORMAT', help: `output format: ${FORMATS.join(', ')} (default text; json has a top-level "level")` },
  output: { type: 'string', short: 'o', value: 'FILE', help: 'write the report to FILE instead of stdout' },
  'min-level': { type: 'string', value: 'N', help: 'exit 1 when the level is below N (0-3), for CI' },
  rule: { type: 'string', value: 'RULE', help: "overall level from the resources' levels: min (default) or majority" },
  url: { type: 'string', value: 'BASE', help: 'also probe a running service (GET/OPTIONS only, same host)' },
  config: { type: 'string', value: 'FILE', help: 'JSON: extra verbs/nouns/rpcFields, exclude globs, per-path overrides' },
  'include-framework': { type: 'boolean', help: 'grade actuator, error and API-docs endpoints too' },
};

const HELP = () => `Usage: boot-upgrade maturity [dir | openapi-file] [options]

${wrap('Grades the HTTP interface on the maturity model (levels 0-3): addresses, methods, hypermedia. Reads Spring MVC/WebFlux controllers and router functions, JAX-RS, Spring-WS, JAX-WS, GraphQL and *.wsdl (Java and Kotlin) from a directory, or an OpenAPI 3.x / Swagger 2 document (JSON/YAML). The first line of the output says what holds the level; the report also says where the model leaves the answer open.')}

Options:
${optionHelp(MATURITY_OPTIONS)}

Every command:
${optionHelp(COMMON_OPTIONS)}

Examples:
  boot-upgrade maturity .
      the level of the repository's HTTP interface, what holds it there and how to raise it
  boot-upgrade maturity --format markdown -o api-maturity.md src/main/resources/openapi.yaml
      an OpenAPI document graded, as a document for a pull request
  boot-upgrade maturity --min-level 2 .
      in CI: fail while the interface is below level 2

Exit codes: 0 ok, 1 level below --min-level, 2 usage or input error.`;

export const maturityCommand: Command = {
  usage: 'maturity [dir | openapi-file]',
  summary: 'grade the HTTP interface on the maturity model (levels 0-3)',
  async run(argv: string[], context: CommandContext): Promise<number> {
    const { values, positionals } = parse(argv, { ...MATURITY_OPTIONS, ...COMMON_OPTIONS });
    if (values.help) {
      process.stdout.write(HELP() + '\n');
      return 0;
    }
    if (positionals.length > 1) throw new context.UsageError(`maturity takes one directory or OpenAPI file, not ${positionals.length}`);
    const format = (values.format ?? 'text') as Format;
    if (!FORMATS.includes(format)) throw new context.UsageError(`--format must be one of ${FORMATS.join(', ')}, not '${values.format}'`);
    const rule = (values.rule ?? 'min') as Rule;
    if (rule !== 'min' && rule !== 'majority') throw new context.UsageError(`--rule must be min or majority, not '${values.rule}'`);
    const minLevel = values['min-level'] as string | undefined;
    if (minLevel !== undefined && !/^[0-3]$/.test(minLevel)) throw new context.UsageError(`--min-level takes 0, 1, 2 or 3, not '${minLevel}'`);
    const max = values['max-file-size'] as string | undefined;
    if (max !== undefined && !/^\d+$/.test(max)) throw new context.UsageError(`--max-file-size takes a number of bytes, not '${max}'`);
    const skipped: Skipped[] = [];
    let report: Report;
    try {
      report = await maturityReport({ target: positionals[0] ?? '.', rule, url: values.url as string | undefined, config: values.config as string | undefined, includeFramework: values['include-framework'] === true, maxFileSize: max === undefined ? undefined : Number(max), skipped });
    } catch (e) {
      if (e instanceof MaturityInputError) throw new context.UsageError(e.message);
      throw e;
    }
    if (values.verbose) for (const s of skipped) process.stderr.write(`  not read ${s.path}: ${s.reason}\n`);
    const output = values.output as string | undefined;
    // colour only for text going to a terminal (or asked for): never into a file
    const color = format === 'text' && output === undefined && colorFor(process.stdout, { color: values.color === true, noColor: values['no-color'] === true });
    const text = formatReport(report, format, color);
    if (output !== undefined) writeFileAtomically(output, text, 'the report'); // whole or not at all, never through a link (a usage error)
    else process.stdout.write(text);
    if (minLevel !== undefined && report.level < Number(minLevel)) {
      process.stderr.write(`boot-upgrade: maturity level ${report.level} is below --min-level ${minLevel}\n`);
      return 1;
    }
    return 0;
  },
};
