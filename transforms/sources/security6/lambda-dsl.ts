// sources/security-lambda-dsl: Spring Security 6.1 deprecates, for removal in 7.0, the
// configuration DSL's non-lambda forms: `http.csrf().disable()`, `.authorizeRequests()...`,
// `.and()` chains. They still compile on every Boot 3.x, so each call is reported (never
// rewritten: a chain's meaning depends on where `.and()` returns) with the lambda form to write,
// built from the calls that follow it: `.csrf().disable()` -> `.csrf(csrf -> csrf.disable())`.
// Which methods are deprecated, and the lambda method each javadoc points to, is table data
// (targets.securityDsl, from the spring-security-config sources); only for a target whose Spring
// Security is 6.1 or later.
import type { FilePass, FindingInput, PassContext, PassResult, SourceFile } from '../../../src/engine/types.js';
import { matchingBracket, scanJvm, type Token } from '../../../src/formats/jvm-tokens.js';
import { tableIndex } from '../../../src/table/load.js';
import type { MigrationTable } from '../../../src/table/types.js';
import { resolveTarget } from '../../../src/table/target.js';
import { compareVersions } from '../../build/facts.js';

export const LAMBDA_DSL_RULE = 'sources/security-lambda-dsl';
const DOCS = 'https://docs.spring.io/spring-security/reference/migration-7/configuration.html#_use_the_lambda_dsl';

interface Dsl {
  /** no-argument method -> the method its javadoc names (`csrf` -> `csrf`, `authorizeRequests` -> `authorizeHttpRequests`). */
  methods: Map<string, string>;
  /** Spring Security's version per Boot release the table knows. */
  security: Record<string, string>;
}

function dsl(table: MigrationTable): Dsl {
  return tableIndex(table, 'security-lambda-dsl', (t) => {
    const methods = new Map<string, string>();
    for (const r of t.targets?.securityDsl ?? []) {
      if (!r.type.endsWith('.HttpSecurity') || r.method === 'and') continue;
      const use = r.use ? /#(\w+)\(Customizer\)/.exec(r.use)?.[1] : undefined;
      if (use) methods.set(r.method, use);
    }
    const row = t.build?.versionProperties.find((v) => v.property === 'spring-security.version');
    return { methods, security: row?.version30 ?? {} };
  });
}

/** The lambda parameter's name: `sessionManagement` -> `session`, `csrf` -> `csrf`. */
function paramName(method: string): string {
  return method.replace(/(Management|Handling|Login|Requests|HttpRequests)$/, '').replace(/^authorize$/, 'auth') || method;
}

/** The calls after tokens[i] (`.x(...)` each) up to `.and()`, a call of another DSL section, or the chain's end. */
function following(text: string, tokens: Token[], i: number, sections: Map<string, string>): { calls: string[]; viaAnd: boolean } {
  const calls: string[] = [];
  let k = i;
  for (;;) {
    const dot = tokens[k];
    const name = tokens[k + 1];
    const open = tokens[k + 2];
    if (dot?.value !== '.' || name?.type !== 'ident' || open?.value !== '(') return { calls, viaAnd: false };
    if (name.value === 'and' && tokens[k + 3]?.value === ')') return { calls, viaAnd: true };
    if (sections.has(name.value)) return { calls, viaAnd: false };
    const close = matchingBracket(tokens, k + 2);
    if (close < 0) return { calls, viaAnd: false };
    calls.push(text.slice(name.start, tokens[close]!.end));
    k = close + 1;
  }
}

export function reportNonLambdaDsl(file: SourceFile, ctx: PassContext): PassResult {
  const { methods, security: versions } = dsl(ctx.table);
  const security = versions[resolveTarget(ctx.table, ctx.options.bootVersion)];
  if (!methods.size || !security || (compareVersions(security, '6.1.0') ?? -1) < 0) return {};
  const lang = file.kind === 'kotlin' ? 'kotlin' : 'java';
  let tokens: Token[];
  try {
    tokens = scanJvm(file.text, lang);
  } catch {
    return {};
  }
  if (!tokens.some((t) => t.type === 'ident' && t.value === 'HttpSecurity')) return {};
  const findings: FindingInput[] = [];
  const arrow = lang === 'kotlin' ? '' : ' ->';
  for (let i = 1; i + 3 < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type !== 'ident' || tokens[i - 1]!.value !== '.' || tokens[i + 1]!.value !== '(' || tokens[i + 2]!.value !== ')') continue;
    const use = methods.get(t.value);
    if (!use) continue;
    const { calls, viaAnd } = following(file.text, tokens, i + 3, methods);
    const p = paramName(use);
    const body = calls.length ? (lang === 'kotlin' ? `{ ${p} -> ${p}.${calls.join('.')} }` : `${p}${arrow} ${p}.${calls.join('.')}`) : 'Customizer.withDefaults()';
    const form = lang === 'kotlin' && calls.length ? `.${use} ${body}` : `.${use}(${body})`;
    findings.push({
      rule: LAMBDA_DSL_RULE,
      severity: 'warning',
      offset: t.start,
      docs: DOCS,
      message: `.${t.value}()${viaAnd ? ' ... .and()' : ''} is deprecated since Spring Security 6.1 and removed in 7.0 (this target manages Security ${security}): write ${form}${viaAnd ? ' and drop the .and()' : ''}`,
    });
  }
  return { findings };
}

export const lambdaDslPass: FilePass = {
  id: 'sources/security-lambda-dsl',
  description: "Spring Security's non-lambda configuration DSL (.csrf().disable(), .and()): reported with the lambda form",
  kinds: ['java', 'kotlin'],
  rules: [LAMBDA_DSL_RULE],
  prefilter: (text) => text.includes('HttpSecurity'),
  run: reportNonLambdaDsl,
};
