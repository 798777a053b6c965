// Colour is decided for each stream on its own: `report > file` on a terminal must not write
// escape codes into the file while stderr still gets them. Order, strongest first: --color /
// --no-color, NO_COLOR (any non-empty value), FORCE_COLOR ('0' or 'false' turns it off), the
// stream being a terminal.

export interface ColorFlags {
  color?: boolean;
  noColor?: boolean;
}

export function colorFor(stream: { isTTY?: boolean }, flags: ColorFlags = {}, env: NodeJS.ProcessEnv = process.env): boolean {
  if (flags.noColor) return false;
  if (flags.color) return true;
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return stream.isTTY === true;
}

const SGR = { red: '\x1b[31m', green: '\x1b[32m', yellow: '\x1b[33m', cyan: '\x1b[36m', bold: '\x1b[1m', dim: '\x1b[2m', reset: '\x1b[0m' };

export function paint(on: boolean, style: keyof typeof SGR, text: string): string {
  return on ? `${SGR[style]}${text}${SGR.reset}` : text;
}

/** A unified diff (bytes as latin1, so any encoding survives) with git's colours: file headers bold, hunk headers cyan, removals red, additions green. */
export function colorDiff(patch: string): string {
  return patch.replace(/^.*$/gm, (line) => {
    if (line.startsWith('diff --git') || line.startsWith('--- ') || line.startsWith('+++ ') || /^(new|deleted) file mode|^index |^(similarity|rename)/.test(line)) return paint(true, 'bold', line);
    if (line.startsWith('@@')) return paint(true, 'cyan', line);
    if (line.startsWith('-')) return paint(true, 'red', line);
    if (line.startsWith('+')) return paint(true, 'green', line);
    return line;
  });
}
