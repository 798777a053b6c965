// The YAML configuration pass (application*.yml/yaml, bootstrap*, profile files, --config-glob):
// renames and moves Spring Boot 2.7 keys to their 3.0 paths by splicing lines, never by
// re-printing a document. Registered in transforms/index.ts.
import { decidedSpringfox } from '../sources/springdoc/springfox-switch.js';
import type { FilePass, PassContext, PassResult, ProjectPass, SourceFile } from '../../src/engine/types.js';
import { detectEol } from '../../src/engine/text.js';
import { profileOfFile } from '../../src/properties/profile-files.js';
import { parseYaml } from '../../src/formats/yaml.js';
import { mentionsTableKeys, RULES } from '../../src/properties/resolve.js';
import { DocPlanner, YAML_RULES } from './plan.js';
import type { PlanOutput } from './plan.js';
import { libraryConfigContext, LIBRARY_CONFIG_RULES, mentionsLibraryConfig } from '../../src/properties/library-config.js';



export function runYaml(file: SourceFile, ctx: PassContext): PassResult {
  const parsed = parseYaml(file.text);
  const out: PlanOutput = { edits: [], findings: [] };
  const eol = detectEol(file.text);
  const profileFile = profileOfFile(file.path, ctx) !== undefined;
  const wanted = (rule: string) => ctx.ruleSelected('yaml', rule);
  const found = libraryConfigContext(ctx.project);
  const libs = { ...found, springdocInBuild: found.springdocInBuild || decidedSpringfox(ctx).on };
  for (const doc of parsed.docs) new DocPlanner(parsed, doc, ctx.table, eol, profileFile, out, wanted, libs).run();
  return { edits: out.edits, findings: out.findings, settled: !out.postponed };
}

export const yamlPass: FilePass = {
  id: 'yaml',
  description: 'Spring Boot configuration in YAML: renamed and moved keys, value changes, conversions, removed keys',
  kinds: ['yaml'],
  rules: [...Object.values(RULES), ...Object.values(YAML_RULES), ...Object.values(LIBRARY_CONFIG_RULES)],
  prefilter: (text, ctx) => mentionsTableKeys(ctx.table, text) || mentionsLibraryConfig(text),
  run: runYaml,
};

export const filePasses: FilePass[] = [yamlPass];

export const projectPasses: ProjectPass[] = [];
