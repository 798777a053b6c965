// The library modules of the sources pass (Spring Security 6, Spring Batch 5, springfox ->
// springdoc, HttpClient 5, Hibernate 6, observability), run on the token model of one Java/Kotlin file. Each
// module returns edits, findings and the imports its edits need; this file runs the selected
// modules and writes all their imports as one insertion (two insertions at one point would make
// the engine defer one). A module whose imports would clash with a simple name the file already
// imports from elsewhere loses its edits, and says so.
import { escapeRegExp } from '../../src/engine/text.js';
import { compilesWithWerror } from '../build/werror.js';
import type { Edit, FindingInput, PassContext, SourceFile } from '../../src/engine/types.js';
import type { JvmLang } from '../../src/formats/jvm-tokens.js';
import type { SharedTrees } from '../../src/formats/tree-sitter.js';
import { migrateBatch, BATCH_RULES } from './batch5/batch5.js';
import { CHUNK_RULE, migrateChunk } from './batch5/chunk.js';
import { migrateHibernate, HIBERNATE_RULES } from './hibernate6/hibernate6.js';
import { migrateHttpClient, HTTPCLIENT_RULES } from './httpclient5/httpclient5.js';
import { migrateJakartaVariants, VARIANT_RULES } from './jakarta/jakarta-variants.js';
import { httpClientSwitch } from './httpclient5/httpclient5-switch.js';
import { type LibContext, type LibResult, importInsertion } from './lib-edits.js';
import type { LibrariesSection } from '../../src/table/sections/libraries.js';
import type { FileModel } from './model.js';
import { migrateObservability, OBSERVABILITY_RULES, ownedTypes } from './observability/observability.js';
import { migrateAdapter } from './security6/security6-adapter.js';
import { migrateSecurity, SECURITY_RULES } from './security6/security6.js';
import { migrateSecurityKotlinDsl } from './security6/security6-kotlin.js';
import { migrateRemovedOverrides } from './security6/security6-overrides.js';
import { migrateSpringdoc, SPRINGDOC_RULES } from './springdoc/springdoc.js';
import { decidedSpringfox } from './springdoc/springfox-switch.js';
import { migrateSpring6, SPRING6_NEEDLES, SPRING6_RULES } from './spring6/spring6.js';

interface Module {
  rules: readonly string[];
  /** Identifiers of which one must occur in the file for the module to run. */
  needles: readonly string[];
  /** Removed-API rows (by declaring type) whose generic finding this module replaces with its own (listed, or read from the table). */
  owns?: readonly string[] | ((libs: LibrariesSection) => readonly string[]);
  run(ctx: LibContext): LibResult;
}

const MODULES: Module[] = [
  { rules: [SECURITY_RULES.adapter], needles: ['WebSecurityConfigurerAdapter'], owns: ['org.springframework.security.config.annotation.web.configuration.WebSecurityConfigurerAdapter'], run: migrateAdapter },
  {
    rules: [SECURITY_RULES.requestMatchers, SECURITY_RULES.authorizeHttpRequests, SECURITY_RULES.configuration],
    needles: ['security'],
    owns: ['org.springframework.security.config.annotation.web.AbstractRequestMatcherRegistry', 'org.springframework.security.config.annotation.web.builders.HttpSecurity'],
    run: migrateSecurity,
  },
  { rules: [SECURITY_RULES.kotlinDsl], needles: ['authorizeRequests'], run: migrateSecurityKotlinDsl },
  { rules: [SECURITY_RULES.removedOverride], needles: ['extractAuthorities'], run: migrateRemovedOverrides },
  {
    rules: Object.values(BATCH_RULES),
    needles: ['JobBuilderFactory', 'StepBuilderFactory'],
    owns: ['org.springframework.batch.core.configuration.annotation.JobBuilderFactory', 'org.springframework.batch.core.configuration.annotation.StepBuilderFactory'],
    run: migrateBatch,
  },
  { rules: Object.values(SPRINGDOC_RULES), needles: ['swagger', 'springfox', 'springdoc'], run: migrateSpringdoc },
  { rules: Object.values(HTTPCLIENT_RULES), needles: ['apache'], run: migrateHttpClient },
  { rules: Object.values(HIBERNATE_RULES), needles: ['hibernate', 'vladmihalcea'], run: migrateHibernate },
  { rules: Object.values(VARIANT_RULES), needles: ['jackson.jaxrs', 'jackson.module.jaxb', 'com.sun.xml.bind', 'com.vladmihalcea', 'freemarker'], run: migrateJakartaVariants }, // every name of those libraries comes through an import or a qualified name holding its package
  { rules: Object.values(OBSERVABILITY_RULES), needles: ['TagsProvider', 'TagsContributor', 'sleuth'], owns: ownedTypes, run: migrateObservability },
  // the project's own writers are found by name: their names, like Batch's, end in Writer or Listener (chunk-writers.ts)
  { rules: [CHUNK_RULE], needles: ['Writer', 'WriteListener', 'ListenerSupport', 'BeforeWrite', 'AfterWrite', 'OnWriteError'], owns: ['org.springframework.batch.item.ItemWriter'], run: migrateChunk },
  { rules: Object.values(SPRING6_RULES), needles: SPRING6_NEEDLES, owns: ['org.springframework.http.ResponseEntity', 'org.springframework.web.server.ResponseStatusException'], run: migrateSpring6 },
];

export const LIBRARY_RULES: string[] = MODULES.flatMap((m) => m.rules);

/** Substrings of which one must occur for any library module to have work (the pass prefilter). */
export const LIBRARY_NEEDLES: string[] = [...new Set(MODULES.flatMap((m) => m.needles))];

/** One scan of the text for all needles: most files name none, and then no module is asked. */
export const ANY_NEEDLE = new RegExp(LIBRARY_NEEDLES.map(escapeRegExp).join('|'));

export interface LibraryResult {
  edits: Edit[];
  findings: FindingInput[];
  /** Declaring types of removed-API rows the modules that ran report themselves. */
  owned: Set<string>;
}

export function migrateLibraries(file: SourceFile, model: FileModel, lang: JvmLang, eol: string, ctx: PassContext, passId: string, trees?: SharedTrees): LibraryResult {
  const libs = ctx.table.libraries;
  const out: LibraryResult = { edits: [], findings: [], owned: new Set() };
  if (!libs || !ANY_NEEDLE.test(file.text)) return out;
  const lib: LibContext = { model, lang, eol, libs, project: ctx.project, path: file.path, target: ctx.table.to, deprecationFails: () => compilesWithWerror(ctx.project, file.path), trees };
  if (/springfox|io\.swagger\.annotations/.test(file.text)) {
    const decision = decidedSpringfox(ctx);
    lib.springfoxSwitch = decision.on;
    if (!decision.on && decision.row) lib.springfoxKept = decision.why;
  }
  if (file.text.includes('org.apache.http.')) {
    const decision = httpClientSwitch(ctx);
    lib.httpclientSwitch = decision.on;
    lib.httpclientFactory = decision.factory;
    if (!decision.on) lib.httpclientKept = decision.why;
  }
  const imports: { names: string[]; rule: string }[] = [];
  for (const m of MODULES) {
    if (!m.needles.some((n) => file.text.includes(n))) continue;
    if (!m.rules.some((r) => ctx.ruleSelected(passId, r))) continue;
    for (const t of typeof m.owns === 'function' ? m.owns(libs) : (m.owns ?? [])) out.owned.add(t);
    const r = m.run(lib);
    const selected = r.edits.filter((e) => ctx.ruleSelected(passId, e.rule));
    // Edits of one module stand or fall together: half a rewrite does not compile.
    if (selected.length !== r.edits.length) {
      out.findings.push(...r.findings);
      continue;
    }
    const { conflicts } = importInsertion(model, lang, eol, r.imports, m.rules[0]!);
    if (conflicts.length) {
      out.findings.push({
        rule: m.rules[0]!,
        severity: 'warning',
        offset: 0,
        message: `not rewritten: the file already imports another ${conflicts.map((c) => c.slice(c.lastIndexOf('.') + 1)).join(', ')} than ${conflicts.join(', ')}`,
      });
      out.findings.push(...r.findings);
      continue;
    }
    out.edits.push(...r.edits);
    out.findings.push(...r.findings);
    for (const t of r.owned) out.owned.add(t);
    if (r.imports.length && r.edits.length) imports.push({ names: r.imports, rule: r.edits[0]!.rule });
  }
  if (imports.length) {
    out.edits.push(...importInsertion(model, lang, eol, imports.flatMap((i) => i.names), imports[0]!.rule, out.edits).edits);
  }
  return out;
}
