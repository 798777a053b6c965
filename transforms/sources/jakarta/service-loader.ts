// META-INF/services/javax.* registration files: the file is renamed after the package table
// (javax.validation.ConstraintValidator -> jakarta.validation.ConstraintValidator), its
// content kept byte for byte except implementation class names that move too.
import type { FileOp, FindingInput, ProjectPass } from '../../../src/engine/types.js';
import { type CodeIndex, RULE, codeIndex, splitQualified } from '../model.js';

/** The jakarta name of a fully qualified javax class name, or undefined when it stays. */
export function movedClassName(idx: CodeIndex, fq: string): string | undefined {
  const parts = fq.split('.');
  if (parts[0] !== 'javax') return undefined;
  const { pkgParts, cls } = splitQualified(parts);
  if (!cls) return undefined;
  const fate = idx.fate(parts.slice(0, pkgParts).join('.'), cls);
  return fate.kind === 'move' ? [fate.newPackage, ...parts.slice(pkgParts)].join('.') : undefined;
}

/** Class names in the content (one per line, `#` comments) that move. */
function movedContent(idx: CodeIndex, text: string): string {
  return text.replace(/^([ \t]*)(javax(?:\.[\w$]+)+)/gm, (all, indent: string, name: string) => {
    const to = movedClassName(idx, name);
    return to ? indent + to : all;
  });
}

export const serviceLoaderPass: ProjectPass = {
  id: 'sources/service-loader',
  description: 'META-INF/services/javax.* files renamed to their jakarta service names',
  rules: [RULE.serviceLoader],
  kinds: ['service-loader'],
  run(project, ctx) {
    const idx = codeIndex(ctx.table);
    const dir = idx.code.serviceLoader.directory;
    const fileOps: FileOp[] = [];
    const findings: FindingInput[] = [];
    for (const f of project.ofKind('service-loader')) {
      const at = f.path.lastIndexOf(dir);
      if (at < 0 || f.text === undefined) continue;
      const name = f.path.slice(at + dir.length);
      const to = movedClassName(idx, name);
      if (!to) continue;
      const target = f.path.slice(0, at + dir.length) + to;
      if (project.byPath.has(target)) {
        findings.push({ rule: RULE.serviceLoader, severity: 'warning', path: f.path, line: 1, message: `both ${name} and ${to} exist: merge the registrations by hand`, docs: idx.code.serviceLoader.docs });
        continue;
      }
      fileOps.push({ op: 'create', path: target, content: movedContent(idx, f.text), rule: RULE.serviceLoader });
      fileOps.push({ op: 'delete', path: f.path, rule: RULE.serviceLoader });
    }
    return { fileOps, findings };
  },
};
