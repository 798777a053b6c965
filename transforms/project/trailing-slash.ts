// Trailing-slash matching is off in Spring Framework 6: GET /a/ no longer reaches a handler for
// /a. From the route inventory (src/routes) this pass lists every Spring MVC / WebFlux route
// whose slash form stops matching, and on request fixes it: `routes` adds the slash form to the
// mapping ({"/a", "/a/"}), `configurer` adds one WebMvcConfigurer/WebFluxConfigurer that turns the
// (deprecated) trailing-slash match back on.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { timed } from '../../src/engine/timing.js';
import { collectRoutesSync, type PathLiteral, type Route } from '../../src/routes/index.js';
import type { Edit, FileOp, FindingInput, PassContext, ProjectFile, ProjectPass, ProjectResult, ProjectView } from '../../src/engine/types.js';
import { ruleFinding } from './rules.js';
import { placeInExistingConfigurer, WHY_COMMENT, type ConfigurerApi } from './trailing-configurer.js';
import { applicationOf } from '../../src/report/rules.js';

export const TRAILING_RULE = 'project/trailing-slash';
const SPRING = new Set(['spring-mvc', 'webflux', 'router-function']);

type Mode = 'report' | 'routes' | 'configurer';

function mode(ctx: PassContext): Mode {
  const m = ctx.options.trailingSlash;
  if (m === undefined || m === 'report') return 'report';
  if (m === 'routes' || m === 'configurer') return m;
  throw new Error(`--trailing-slash takes report, routes or configurer, not '${String(m)}'`);
}

/** Spring routes by path template, to see whether another handler answers a slash form already. */
function byTemplate(routes: Route[]): Map<string, Route[]> {
  const index = new Map<string, Route[]>();
  for (const r of routes) {
    if (!SPRING.has(r.framework)) continue;
    for (const p of r.paths) {
      const list = index.get(p.template);
      if (list) list.push(r);
      else index.set(p.template, [r]);
    }
  }
  return index;
}

/** Whether another route already answers `template` for one of `route`'s methods. */
function declaredElsewhere(index: Map<string, Route[]>, route: Route, template: string): boolean {
  return (index.get(template) ?? []).some(
    (r) => r !== route && (r.methods.length === 0 || route.methods.length === 0 || r.methods.some((m) => route.methods.includes(m))),
  );
}

/**
 * A last segment `**` or `{*name}` takes the rest of the path, a trailing slash included, so the
 * slash form keeps matching; and Spring's PathPattern parser rejects anything written after one
 * ("No more pattern data allowed after {*...} or ** pattern element"), so a slash added after
 * `/a/**` would stop the application from starting.
 */
const CATCH_ALL = /(^|\/)(\*\*|\{\*[^}]*\})$/;

/** Routes whose slash form stops matching (no slash form declared beside them or by a sibling handler, not the root, not a catch-all). */
function affected(routes: Route[]): { route: Route; template: string; literal?: PathLiteral }[] {
  const out: { route: Route; template: string; literal?: PathLiteral }[] = [];
  const index = byTemplate(routes);
  for (const route of routes) {
    if (!SPRING.has(route.framework)) continue;
    const templates = new Set(route.paths.map((p) => p.template));
    for (const p of route.paths) {
      if (p.template === '/' || p.template.endsWith('/') || templates.has(p.template + '/') || CATCH_ALL.test(p.template)) continue;
      // `/a/` mapped to its own handler: it matched that one in Boot 2 too, and adding it here would be an ambiguous mapping
      if (declaredElsewhere(index, route, p.template + '/')) continue;
      out.push({ route, template: p.template, literal: p.literals[p.literals.length - 1] });
    }
  }
  return out;
}

function alreadyMatchesSlash(sources: ProjectFile[]): boolean {
  return sources.some((f) => /setUseTrailingSlashMatch\s*\(\s*true\s*\)/.test(f.text ?? ''));
}

/** The slash form next to the literal, or why it cannot be added there. */
function slashEdit(file: ProjectFile, route: Route, literal: PathLiteral | undefined): Edit | string {
  if (route.framework === 'router-function') return 'router functions are not rewritten; add the slash route by hand';
  if (!literal || !literal.attribute) return 'the path is implicit or built from an expression';
  if (literal.viaConstant) return `the path comes from the constant ${literal.viaConstant}`;
  if (literal.file !== route.file) return 'the path is declared in another file (an inherited mapping)';
  if (literal.quote !== '"' || literal.value === '' || literal.value.endsWith('/')) return 'the path literal cannot take a slash form';
  const text = file.text ?? '';
  if (/\b(class|interface|object)\b/.test(text.slice(literal.end, route.offset))) return 'the path comes from the class-level mapping';
  const raw = text.slice(literal.start, literal.end);
  const slash = `${raw.slice(0, -1)}/"`;
  const kotlin = file.kind === 'kotlin';
  if (literal.attribute.isArray) return { start: literal.end, end: literal.end, text: `, ${slash}`, rule: TRAILING_RULE };
  const both = `${raw}, ${slash}`;
  const value = kotlin ? (literal.attribute.name === '' ? both : `[${both}]`) : `{${both}}`;
  return { start: literal.start, end: literal.end, text: value, rule: TRAILING_RULE };
}

function describe(route: Route, template: string): string {
  const methods = route.methods.length ? route.methods.join(',') : 'ANY';
  return `${methods} ${template}/ no longer reaches ${route.handler}.`;
}

const MAIN = /@SpringBootApplication\b/;

const MVC: ConfigurerApi = { iface: 'org.springframework.web.servlet.config.annotation.WebMvcConfigurer', adapters: ['org.springframework.web.servlet.config.annotation.WebMvcConfigurerAdapter'], matcher: 'org.springframework.web.servlet.config.annotation.PathMatchConfigurer', method: 'configurePathMatch' };
const FLUX: ConfigurerApi = { iface: 'org.springframework.web.reactive.config.WebFluxConfigurer', adapters: [], matcher: 'org.springframework.web.reactive.config.PathMatchConfigurer', method: 'configurePathMatching' };

type ConfigurerChange = { op: FileOp; passedOver?: string } | { edit: { path: string; edits: Edit[] }; className: string; offset: number } | string;

/**
 * The setting where the user's configuration lives: the application's existing WebMvcConfigurer
 * (WebFluxConfigurer) class, else one new class beside the @SpringBootApplication class.
 */
function configurer(project: ProjectView, sources: ProjectFile[], reactive: boolean): ConfigurerChange {
  const main = sources.find((f) => MAIN.test(f.text ?? ''));
  if (!main) return 'no @SpringBootApplication class to put a configurer beside';
  const pkg = /^\s*package\s+([\w.]+)/m.exec(main.text ?? '')?.[1];
  const api = reactive ? FLUX : MVC;
  const app = applicationOf(main.path);
  const existing = placeInExistingConfigurer(sources, api, pkg ?? '', (p) => applicationOf(p) === app);
  if (existing && 'edits' in existing) {
    return { edit: { path: existing.path, edits: existing.edits.map((e) => ({ ...e, rule: TRAILING_RULE })) }, className: existing.className, offset: existing.offset };
  }
  const dir = main.path.slice(0, main.path.lastIndexOf('/'));
  const kotlin = main.kind === 'kotlin';
  const target = `${dir}/TrailingSlashMatchConfiguration.${kotlin ? 'kt' : 'java'}`;
  if (existsSync(path.join(project.root, target))) return `${target} exists already`;
  const simple = (fqcn: string) => fqcn.slice(fqcn.lastIndexOf('.') + 1);
  const why = WHY_COMMENT.map((l) => `// ${l}\n`).join('');
  const content = kotlin
    ? `${pkg ? `package ${pkg}\n\n` : ''}import org.springframework.context.annotation.Configuration\nimport ${api.iface}\nimport ${api.matcher}\n\n${why}@Configuration(proxyBeanMethods = false)\nclass TrailingSlashMatchConfiguration : ${simple(api.iface)} {\n    @Suppress("DEPRECATION")\n    override fun ${api.method}(configurer: ${simple(api.matcher)}) {\n        configurer.setUseTrailingSlashMatch(true)\n    }\n}\n`
    : `${pkg ? `package ${pkg};\n\n` : ''}import org.springframework.context.annotation.Configuration;\nimport ${api.iface};\nimport ${api.matcher};\n\n${why}@Configuration(proxyBeanMethods = false)\npublic class TrailingSlashMatchConfiguration implements ${simple(api.iface)} {\n\n    @Override\n    @SuppressWarnings("deprecation")\n    public void ${api.method}(${simple(api.matcher)} configurer) {\n        configurer.setUseTrailingSlashMatch(true);\n    }\n\n}\n`;
  const op: FileOp = { op: 'create', path: target, content, rule: TRAILING_RULE };
  return existing && 'reason' in existing ? { op, passedOver: existing.reason } : { op };
}

export const trailingSlashPass: ProjectPass = {
  id: 'project/trailing-slash',
  description: 'routes whose trailing-slash form stops matching in Spring Framework 6 (--trailing-slash=report|routes|configurer)',
  rules: [TRAILING_RULE],
  kinds: ['java', 'kotlin', 'pom', 'gradle', 'gradle-kts'],
  run(project, ctx) {
    const m = mode(ctx);
    const sources = project.ofKind('java', 'kotlin');
    const files = sources.map((f) => ({ path: f.path, kind: f.kind, text: f.text ?? '' }));
    const routes = timed('route inventory', () => collectRoutesSync(files)).filter((r) => SPRING.has(r.framework));
    if (routes.length === 0) return {};
    const findings: FindingInput[] = [];
    const result: Required<ProjectResult> = { edits: [], fileOps: [], findings };
    // one decision per application: its own sources, its own configurer, its own stack
    for (const [app, appRoutes] of byApp(routes)) {
      const appSources = sources.filter((f) => applicationOf(f.path) === app);
      if (alreadyMatchesSlash(appSources)) continue;
      const list = affected(appRoutes);
      if (m === 'configurer') {
        // asked for: the setting goes in whenever the application has routes, affected or not
        const reactive = stackOf(project, app) ?? appRoutes.every((r) => r.framework !== 'spring-mvc');
        if (addConfigurer(project, appSources, reactive, appRoutes.length, result, ctx)) continue;
      }
      reportOrRewrite(project, list, m, result, ctx);
    }
    return result;
  },
};

function byApp(routes: Route[]): Map<string, Route[]> {
  const out = new Map<string, Route[]>();
  for (const r of routes) out.set(applicationOf(r.file), [...(out.get(applicationOf(r.file)) ?? []), r]);
  return out;
}

/**
 * The web stack an application runs on, decided from the starters of its build (the nearest
 * build file at or above its folder): spring-boot-starter-webflux without spring-boot-starter-web
 * is WebFlux; with spring-boot-starter-web it is Spring MVC (Boot prefers the servlet stack when
 * both are there). Undefined when no build of it names either.
 */
export function stackOf(project: ProjectView, app: string): boolean | undefined {
  const builds = project.ofKind('pom', 'gradle', 'gradle-kts');
  for (let dir = app === '.' ? '' : app; ; dir = dir.includes('/') ? dir.slice(0, dir.lastIndexOf('/')) : '') {
    const here = builds.filter((b) => (b.path.includes('/') ? b.path.slice(0, b.path.lastIndexOf('/')) : '') === dir);
    const text = here.map((b) => b.text ?? '').join('\n');
    const web = /spring-boot-starter-web(?![\w-])/.test(text);
    const flux = /spring-boot-starter-webflux\b/.test(text);
    if (web || flux) return !web;
    if (dir === '') return undefined;
  }
}

/** The configurer for one application: true when it was added (or put in an existing class). */
function addConfigurer(project: ProjectView, sources: ProjectFile[], reactive: boolean, count: number, result: Required<ProjectResult>, ctx: PassContext): boolean {
  const change = configurer(project, sources, reactive);
  const routes = `${count} route(s); it uses a deprecated API.`;
  if (typeof change === 'string') {
    const first = sources.find((f) => MAIN.test(f.text ?? '')) ?? sources[0];
    if (first) result.findings.push(ruleFinding(ctx.table, TRAILING_RULE, { path: first.path, line: 1 }, `Could not add a configurer: ${change}.`));
    return false;
  }
  if ('edit' in change) {
    result.edits.push(change.edit);
    result.findings.push(ruleFinding(ctx.table, TRAILING_RULE, { path: change.edit.path, offset: change.offset }, `Turned trailing-slash matching back on in ${change.className} for ${routes}`, 'info'));
  } else {
    result.fileOps.push(change.op);
    const why = change.passedOver ? ` (not in an existing configurer: ${change.passedOver})` : '';
    result.findings.push(ruleFinding(ctx.table, TRAILING_RULE, { path: change.op.path, line: 1 }, `Added ${change.op.path}${why} for ${routes}`, 'info'));
  }
  return true;
}

/** report: each affected route; routes: the slash form added where it can be, reported where not. */
function reportOrRewrite(project: ProjectView, list: ReturnType<typeof affected>, m: Mode, result: Required<ProjectResult>, ctx: PassContext): void {
  const at = (route: Route) => ({ path: route.file, offset: route.offset });
  const editsByFile = new Map<string, Edit[]>();
  for (const { route, template, literal } of list) {
    const file = project.byPath.get(route.file)!;
    const edit = m === 'routes' ? slashEdit(file, route, literal) : 'report';
    if (typeof edit === 'string') {
      result.findings.push(ruleFinding(ctx.table, TRAILING_RULE, at(route), m === 'routes' ? `${describe(route, template)} Not rewritten: ${edit}.` : describe(route, template)));
    } else if (!(editsByFile.get(route.file) ?? []).some((e) => e.start === edit.start)) {
      editsByFile.set(route.file, [...(editsByFile.get(route.file) ?? []), edit]);
    }
  }
  for (const [p, edits] of editsByFile) result.edits.push({ path: p, edits });
}
