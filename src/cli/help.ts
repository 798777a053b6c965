// --help texts, built from the option tables so that help, docs and parser agree. Every line
// fits in HELP_WIDTH columns, and every command shows examples.
import { formatNames } from '../report/index.js';
import { CHECK_OPTIONS, COMMON_OPTIONS, HELP_WIDTH, INPUT_OPTIONS, MIGRATE_OPTIONS, REPORT_OPTIONS, TRANSFORM_OPTIONS, VERIFY_COMMAND_OPTIONS, VERIFY_OPTIONS, optionHelp, wrap, type OptionSpec } from './options.js';
import { EXTRA_COMMANDS } from './commands.js';

const EXITS = 'Exit codes: 0 ok; 1 check failed / report has error findings; 2 usage or configuration error; 3 some files could not be parsed (left untouched, the rest was done); 4 refused, nothing written; 5 crashed; 6 --verify / verify: the build does not pass (compile errors, unresolved dependencies, time limit).';
const RUNS_CODE = "The build runs code from the repository (build plugins, build scripts, annotation processors, the wrapper's download): only --verify or the verify command ever runs it; a configuration file cannot.";
const CONFIG = 'Options may also come from .boot-upgrade.json or the "boot-upgrade" key of package.json (the nearest one at or above the target folder, or the file --config names); the command line wins.';

/** A paragraph of prose, wrapped. */
const para = (text: string) => wrap(text);

/** The option sections of migrate, check and report: their own, then the shared ones. */
function options(own: Record<string, OptionSpec>): string {
  return [
    `Options:\n${optionHelp(own)}`,
    `What changes (give check the same choices as migrate):\n${optionHelp(TRANSFORM_OPTIONS)}`,
    `What is read and which rules run:\n${optionHelp(INPUT_OPTIONS)}`,
    `Every command:\n${optionHelp(COMMON_OPTIONS)}`,
  ].join('\n\n');
}

/** `text` wrapped and indented by `n` spaces, every line within HELP_WIDTH. */
const indented = (text: string, n: number) => wrap(text, HELP_WIDTH - n).split('\n').map((l) => ' '.repeat(n) + l).join('\n');

/** Each example command, then what it does below it. */
const examples = (lines: [string, string][]) => `Examples:\n${lines.map(([cmd, what]) => `  ${cmd}\n${indented(what, 6)}`).join('\n')}`;

/** A command in the list of commands: its usage, then what it does, wrapped under itself. */
const commandLine = (usage: string, summary: string) => wrap(`  ${usage.padEnd(26)} ${summary}`, HELP_WIDTH, 29);

export const HELP = {
  main: () => `Usage: boot-upgrade <command> [options]

Upgrade a Spring Boot 2.7 repository to Spring Boot 3.0.

Commands:
${[
  commandLine('migrate [dir | files...]', 'rewrite the repository or the given files (or --dry-run: print a diff)'),
  commandLine('check [dir | files...]', 'exit 1 if any file would change or an error-level finding remains'),
  commandLine('report [dir]', `list every finding (${formatNames().join(', ')})`),
  commandLine('verify [dir]', "run the repository's own build in compile mode and report what fails (runs its code)"),
  ...Object.values(EXTRA_COMMANDS).map((c) => commandLine(c.usage, c.summary)),
].join('\n')}

${examples([
  ['boot-upgrade migrate --dry-run .', 'preview the upgrade as a diff; nothing is written'],
  ['boot-upgrade migrate .', 'upgrade the repository in place'],
])}

Run 'boot-upgrade <command> --help' for the options and examples of a command.
${para(CONFIG)}
${para(EXITS)}`,
  migrate: () => `Usage: boot-upgrade migrate [dir | files...] [options]

${para('Rewrites every file the migration table applies to, in place and atomically; given files, only those. Refuses to touch files with uncommitted git changes unless --allow-dirty (files named on the command line are rewritten: you asked for them). Prints what needs a human on stderr.')}

${para('With --verify, after writing, runs the build as `verify` does and lists its errors first. --verify with --dry-run is refused: it proves the written tree, and a dry run writes none.')}

${options({ ...MIGRATE_OPTIONS, ...VERIFY_OPTIONS })}

${examples([
  ['boot-upgrade migrate --dry-run . > upgrade.patch', 'the changes as a patch (git apply upgrade.patch applies it); what needs a human on stderr'],
  ['boot-upgrade migrate .', 'rewrite the repository; then review with git diff, build and test'],
  ['boot-upgrade migrate --verify .', "rewrite it, then run the repository's build in compile mode and report what fails"],
  ['boot-upgrade migrate --json --only properties .', 'only the configuration files, the run as JSON'],
])}

${para(RUNS_CODE)}
${para(CONFIG)}
${para(EXITS)}`,
  check: () => `Usage: boot-upgrade check [dir | files...] [options]

${para('For pre-commit hooks and CI: exit 1 when a file would change, an error-level finding remains or more than --max-warnings warnings remain; 0 otherwise. Given file paths, only those files are read.')}

${options(CHECK_OPTIONS)}

${examples([
  ['boot-upgrade check .', 'in CI: fail while the repository still needs a change'],
  ['boot-upgrade check --quiet src/main/resources/application.yml pom.xml', 'as a commit hook passes staged files: only what fails, file:line'],
])}

${para(CONFIG)}`,
  report: () => `Usage: boot-upgrade report [dir] [options]

${para(`Prints every finding: rule id, severity, path, line, message and documentation. Formats: ${formatNames().join(', ')}. Exits 1 when an error finding remains, else 0.`)}

${options(REPORT_OPTIONS)}

${examples([
  ['boot-upgrade report .', 'every finding, one line each'],
  ['boot-upgrade report --format markdown -o upgrade.md .', 'a document to paste into a pull request'],
  ['boot-upgrade report --format sarif -o boot-upgrade.sarif .', 'for GitHub code scanning'],
])}

${para(CONFIG)}`,
  verify: () => `Usage: boot-upgrade verify [dir] [options]

${para("Runs the repository's own build in compile mode, at its build root (the top pom, or the folder of settings.gradle): Maven ./mvnw (when executable) or mvn `-B -DskipTests --fail-at-end test-compile`, Gradle ./gradlew `--console=plain --continue --no-daemon testClasses` (never a gradle from PATH). A folder without a build file of its own verifies each build found below it.")}
${para('Reports each compiler error (javac, kotlinc) at file:line with the Boot 3.0 change behind it when the migration table knows one, each dependency that could not be resolved, and a time-out. Exits 0 when every build passes, 6 when one does not, 2 when no build can be run.')}

Options:
${optionHelp(VERIFY_COMMAND_OPTIONS)}

${examples([
  ['boot-upgrade verify .', 'after a migration: does the repository compile on Boot 3.0?'],
  ['boot-upgrade verify --verify-timeout 45m --verify-log build.log .', 'a slower build, its whole output kept'],
])}

${para(RUNS_CODE)}
${para(CONFIG)}`,
};
