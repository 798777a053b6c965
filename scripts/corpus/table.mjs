// The corpus results as a console table and as Markdown: one row per repository, then the error
// classes after `migrate` sorted by how many repositories they break, then the baselines that fail.

/** @typedef {{entry: any, rec: any}} Row */

const yes = (b) => (b ? 'yes' : 'no');

/** Error classes of one build: [cls, count] sorted by count. */
function classesOf(build) {
  const counts = new Map();
  for (const e of build?.errors ?? []) counts.set(e.cls, (counts.get(e.cls) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/**
 * The run left the repository, or some of its modules, on Spring Boot 2 (a parent or BOM from
 * outside): what is left compiles because it did not change, so it is not counted as on Boot 3.
 */
const leftOnBoot2 = (rec) => rec?.migrate?.verdict === 'left-on-spring-boot-2' || (rec?.migrate?.leftModules ?? 0) > 0;
const leftText = (rec) => (rec.migrate.verdict === 'left-on-spring-boot-2' ? 'left on Boot 2' : `${rec.migrate.leftModules} of ${rec.migrate.modules} modules left on Boot 2`);

function status(rows) {
  const listed = rows.length;
  const measured = rows.filter((r) => r.rec?.baseline);
  const base = measured.filter((r) => r.rec.baseline.ok);
  const afterOk = base.filter((r) => r.rec.after?.ok);
  const afterRun = base.filter((r) => r.rec.after);
  const left = afterOk.filter((r) => leftOnBoot2(r.rec)).length;
  return { listed, measured: measured.length, base: base.length, afterRun: afterRun.length, afterOk: afterOk.length, left };
}

function blockers(rec) {
  if (!rec?.migrate) return '—';
  if (rec.migrate.unreadable) return 'run failed';
  const n = (rec.migrate.findings ?? []).filter((f) => f.severity === 'error').length;
  return n ? `yes (${n})` : 'no';
}

function afterCell(rec) {
  if (!rec?.baseline?.ok) return '—';
  if (!rec.after) return rec.problem ? 'not run' : '—';
  return rec.after.ok && leftOnBoot2(rec) ? `yes, ${leftText(rec)}` : yes(rec.after.ok);
}

function classCell(rec, max = 4) {
  if (!rec?.after || rec.after.ok) return '';
  const cls = classesOf(rec.after);
  const shown = cls.slice(0, max).map(([c, n]) => `${c} (${n})`);
  if (cls.length > max) shown.push(`${cls.length - max} more`);
  return shown.join('; ');
}

/** Every class after the run across repositories, with the repositories it breaks. */
export function classSummary(rows) {
  const byClass = new Map();
  for (const { entry, rec } of rows) {
    if (!rec?.baseline?.ok || !rec.after || rec.after.ok) continue;
    for (const e of rec.after.errors) {
      let c = byClass.get(e.cls);
      if (!c) byClass.set(e.cls, (c = { cls: e.cls, repos: new Set(), errors: 0, editedLine: 0, namedFile: 0, namedCause: 0 }));
      c.repos.add(entry.id);
      c.errors++;
      if (e.editedLine) c.editedLine++;
      if (e.findingNamesFile) c.namedFile++;
      if (e.findingNamesCause) c.namedCause++;
    }
  }
  return [...byClass.values()].sort((a, b) => b.repos.size - a.repos.size || b.errors - a.errors || a.cls.localeCompare(b.cls));
}

const pad = (s, n) => (s.length >= n ? s.slice(0, n) : s + ' '.repeat(n - s.length));

/** @param {Row[]} rows */
export function renderConsole(rows) {
  const out = [];
  out.push(`${pad('repository', 34)} ${pad('baseline', 8)} ${pad('after', 6)} ${pad('blockers', 9)} error classes (count)`);
  for (const { entry, rec } of rows) {
    const base = rec?.baseline ? yes(rec.baseline.ok) : (rec?.problem ? 'problem' : '—');
    out.push(`${pad(entry.id, 34)} ${pad(base, 8)} ${pad(afterCell(rec), 6)} ${pad(blockers(rec), 9)} ${classCell(rec, 3) || (rec?.problem ?? '')}`);
  }
  const s = status(rows);
  out.push('', `listed ${s.listed}, baseline measured ${s.measured}, baseline compiles ${s.base}, after migrate compiles ${s.afterOk} of ${s.afterRun} (${s.left} of them left on Boot 2)`);
  const classes = classSummary(rows);
  if (classes.length) {
    out.push('', 'error classes after migrate (repositories, errors, on edited lines, error finding names file / cause):');
    for (const c of classes) out.push(`  ${c.repos.size} ${c.errors} ${c.editedLine} ${c.namedFile}/${c.namedCause}  ${c.cls}  [${[...c.repos].join(', ')}]`);
  }
  return out.join('\n') + '\n';
}

const md = (s) => String(s).replace(/\|/g, '\\|').replace(/</g, '&lt;');

/** @param {Row[]} rows */
export function renderMarkdown(rows) {
  const s = status(rows);
  const out = [];
  const pct = (n) => (s.afterRun ? ` (${Math.round((100 * n) / s.afterRun)} %)` : '');
  out.push(`Listed ${s.listed}; baseline compiles ${s.base} of ${s.measured}; after \`migrate\` compiles ${s.afterOk} of ${s.afterRun}${pct(s.afterOk)}: ` +
    `${s.afterOk - s.left} on Spring Boot 3${pct(s.afterOk - s.left)}, ${s.left} left on Spring Boot 2 by the run, wholly or in part (a parent or BOM from outside the repository, named by an error finding).`, '');
  out.push('| repository | baseline compiles | after compiles | error classes (count) | blockers reported |', '| --- | --- | --- | --- | --- |');
  for (const { entry, rec } of rows) {
    if (!rec?.baseline?.ok) continue;
    out.push(`| [${md(entry.id)}](https://github.com/${entry.repo}) | yes | ${afterCell(rec)} | ${md(classCell(rec))} | ${blockers(rec)} |`);
  }
  const classes = classSummary(rows);
  if (classes.length) {
    // Classes seen in one repository only are mostly what follows from another error there (a
    // getter Lombok did not generate): counted, and listed in results.json, not here.
    const shared = classes.filter((c) => c.repos.size > 1);
    const single = classes.filter((c) => c.repos.size === 1);
    out.push('', '| error class after `migrate` | repositories | errors | on a line the run edited | an error finding names the file / the cause |', '| --- | --- | ---: | ---: | --- |');
    for (const c of shared) {
      out.push(`| ${md(c.cls)} | ${c.repos.size}: ${md([...c.repos].join(', '))} | ${c.errors} | ${c.editedLine} | ${c.namedFile} / ${c.namedCause} |`);
    }
    if (single.length) {
      const errors = single.reduce((n, c) => n + c.errors, 0);
      const edited = single.reduce((n, c) => n + c.editedLine, 0);
      out.push('', `${single.length} more classes break one repository each (${errors} errors, ${edited} on a line the run edited); the first classes of each repository are in its row above.`);
    }
  }
  const failing = rows.filter((r) => r.rec?.baseline && !r.rec.baseline.ok);
  if (failing.length) {
    out.push('', '| repository whose baseline does not compile here | reason |', '| --- | --- |');
    for (const { entry, rec } of failing) {
      const auto = classesOf(rec.baseline).slice(0, 2).map(([c, n]) => `${c} (${n})`).join('; ');
      out.push(`| [${md(entry.id)}](https://github.com/${entry.repo}) | ${md(entry.baselineFailure ?? auto)} |`);
    }
  }
  return out.join('\n') + '\n';
}
