// --help texts, built from the option tables so that help, README and parser agree.
import { formatNames } from '../report/index.js';
import { CHECK_OPTIONS, COMMON_OPTIONS, MIGRATE_OPTIONS, REPORT_OPTIONS, TRANSFORM_OPTIONS, VERIFY_COMMAND_OPTIONS, VERIFY_OPTIONS, optionHelp } from './options.js';
import { EXTRA_COMMANDS } from './commands.js';

const EXITS = 'Exit codes: 0 ok; 1 check failed / report has error findings; 2 usage or configuration error;\n3 some files could not be parsed (left untouched, the rest was done); 4 refused, nothing written; 5 crashed;\n6 --verify / verify: the build does not pass (compile errors, unresolved dependencies, time limit).';
const RUNS_CODE = "The build runs code from the repository (build plugins, build scripts, annotation processors,\nthe wrapper's download): only --verify or the verify command ever runs it; a configuration file cannot.";
const CONFIG = 'Options may also come from .boot-upgrade.json or the "boot-upgrade" key of package.json\n(the nearest one at or above the target folder); the command line wins.';

export const HELP = {
  main: () => `Usage: boot-upgrade <command> [options]

Upgrade a Spring Boot 2.7 repository to Spring Boot 3.0.

Commands:
  migrate [dir | files...]   rewrite the repository or the given files (or --dry-run to print a diff)
  check [dir | files...]     exit 1 if any file would change or an error-level finding remains
  report [dir]               list every finding (${formatNames().join(', ')})
  verify [dir]               run the repository's own build in compile mode and report what fails (runs its code)
${Object.values(EXTRA_COMMANDS).map((c) => `  ${c.usage.padEnd(26)} ${c.summary}`).join('\n')}

Run 'boot-upgrade <command> --help' for the options of a command.
${CONFIG}
${EXITS}`,
  migrate: () => `Usage: boot-upgrade migrate [dir | files...] [options]

Rewrites every file the migration table applies to, in place and atomically; given files,
only those. Refuses to touch files with uncommitted git changes unless --allow-dirty (files
named on the command line are rewritten: you asked for them). Prints what needs a human on stderr.

With --verify, after writing, runs the build as \`verify\` does (below) and lists its errors first.
--verify with --dry-run is refused: it proves the written tree, and a dry run writes none.

Options:
${optionHelp({ ...MIGRATE_OPTIONS, ...VERIFY_OPTIONS, ...TRANSFORM_OPTIONS, ...COMMON_OPTIONS })}

${RUNS_CODE}
${CONFIG}
${EXITS}`,
  check: () => `Usage: boot-upgrade check [dir | files...] [options]

For pre-commit hooks and CI: exit 1 when a file would change, an error-level finding remains
or more than --max-warnings warnings remain; 0 otherwise. Given file paths, only those files are read.

Options:
${optionHelp({ ...CHECK_OPTIONS, ...TRANSFORM_OPTIONS, ...COMMON_OPTIONS })}

${CONFIG}`,
  report: () => `Usage: boot-upgrade report [dir] [options]

Prints every finding: rule id, severity, path, line, message and docs links.
Formats: ${formatNames().join(', ')}. Exits 1 when an error finding remains, else 0.

Options:
${optionHelp({ ...REPORT_OPTIONS, ...TRANSFORM_OPTIONS, ...COMMON_OPTIONS })}

${CONFIG}`,
  verify: () => `Usage: boot-upgrade verify [dir] [options]

Runs the repository's own build in compile mode, at its build root (the top pom, or the folder of
settings.gradle): Maven ./mvnw (when executable) or mvn \`-B -DskipTests --fail-at-end test-compile\`,
Gradle ./gradlew \`--console=plain --continue --no-daemon testClasses\` (never a gradle from PATH).
A folder without a build file of its own verifies each build found below it.
Reports each compiler error (javac, kotlinc) at file:line with the Boot 3.0 change behind it when
the migration table knows one, each dependency that could not be resolved, and a time-out.
Exits 0 when every build passes, 6 when one does not, 2 when no build can be run.

Options:
${optionHelp(VERIFY_COMMAND_OPTIONS)}

${RUNS_CODE}
${CONFIG}`,
};
