// --help texts, built from the option tables so that help, README and parser agree.
import { formatNames } from '../report/index.js';
import { CHECK_OPTIONS, COMMON_OPTIONS, MIGRATE_OPTIONS, REPORT_OPTIONS, TRANSFORM_OPTIONS, optionHelp } from './options.js';
import { EXTRA_COMMANDS } from './commands.js';

const EXITS = 'Exit codes: 0 ok; 1 check failed / report has error findings; 2 usage or configuration error;\n3 some files could not be parsed (left untouched, the rest was done); 4 refused, nothing written; 5 crashed.';
const CONFIG = 'Options may also come from .boot-upgrade.json or the "boot-upgrade" key of package.json\n(the nearest one at or above the target folder); the command line wins.';

export const HELP = {
  main: () => `Usage: boot-upgrade <command> [options]

Upgrade a Spring Boot 2.7 repository to Spring Boot 3.0.

Commands:
  migrate [dir | files...]   rewrite the repository or the given files (or --dry-run to print a diff)
  check [dir | files...]     exit 1 if any file would change or an error-level finding remains
  report [dir]               list every finding (${formatNames().join(', ')})
${Object.values(EXTRA_COMMANDS).map((c) => `  ${c.usage.padEnd(26)} ${c.summary}`).join('\n')}

Run 'boot-upgrade <command> --help' for the options of a command.
${CONFIG}
${EXITS}`,
  migrate: () => `Usage: boot-upgrade migrate [dir | files...] [options]

Rewrites every file the migration table applies to, in place and atomically; given files,
only those. Refuses to touch files with uncommitted git changes unless --allow-dirty (files
named on the command line are rewritten: you asked for them). Prints what needs a human on stderr.

Options:
${optionHelp({ ...MIGRATE_OPTIONS, ...TRANSFORM_OPTIONS, ...COMMON_OPTIONS })}

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
};
