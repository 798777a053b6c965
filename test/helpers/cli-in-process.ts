// Runs the CLI's main() from the TypeScript sources inside the test's own process: stdout and
// stderr captured, the working folder and environment set for the run and put back after.
import { vi } from 'vitest';
import { main } from '../../src/cli/main.js';

export interface MainRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * main(args) with its output captured. `stdoutBytes: 'latin1'` keeps every byte of stdout as one
 * character (a diff of files in other encodings, written back with Buffer.from(stdout, 'latin1')).
 */
export async function runMain(args: string[], options: { cwd?: string; env?: Record<string, string>; stdoutBytes?: BufferEncoding } = {}): Promise<MainRun> {
  let stdout = '';
  let stderr = '';
  const bytes = options.stdoutBytes ?? 'utf8';
  // a string is written as UTF-8: its bytes, read back as `bytes` says
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((stdout += Buffer.from(chunk).toString(bytes)), true));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => ((stderr += Buffer.from(chunk).toString('utf8')), true));
  const before = process.cwd();
  const saved = Object.entries(options.env ?? {}).map(([k, v]) => {
    const was = process.env[k];
    process.env[k] = v;
    return [k, was] as const;
  });
  if (options.cwd) process.chdir(options.cwd);
  try {
    const code = await main(args);
    return { code, stdout, stderr };
  } finally {
    process.chdir(before);
    for (const [k, was] of saved) {
      if (was === undefined) delete process.env[k];
      else process.env[k] = was;
    }
    out.mockRestore();
    err.mockRestore();
  }
}
