// The write's errors, in a module of their own: the CLI's entry point maps each to an exit code
// without loading the write, its lock and node:crypto for a command that never writes.

/** The repository's lock cannot be taken (another run holds it, or it cannot be made): nothing was written. */
export class LockHeld extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LockHeld';
  }
}

/** The write would lose or endanger someone's work, or leave the repository: nothing was written. */
export class WriteRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WriteRefused';
  }
}

/** Thrown when SIGINT/SIGTERM stopped the write: says whether the tree changed. */
export class WriteInterrupted extends Error {
  constructor(
    readonly signalName: string,
    readonly completed: boolean,
  ) {
    super(completed ? `interrupted (${signalName}) after every file was written: the migration is complete` : `interrupted (${signalName}): nothing was changed, temporary files removed`);
    this.name = 'WriteInterrupted';
  }
}

/** A disk or permission error, named by the user's file (never a temporary file's name). */
export class WriteFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WriteFailed';
  }
}

/** A file the user names (-o, a baseline) is a link: nothing is written, through it or over it (a usage error). */
export class LinkRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LinkRefused';
  }
}
