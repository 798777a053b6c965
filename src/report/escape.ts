// Text from the repository (file names, values quoted in messages) shown on a terminal or in a
// Markdown document: control characters would move the cursor, recolour, retitle the terminal
// or hide text (ESC sequences, CR, bidi overrides). They are shown as escapes instead.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** `a\x1b[2Jb` -> `a\x1b[2Jb` with the ESC written as the four characters `\x1b`. */
export function visible(text: string): string {
  return text.replace(CONTROL, (c) => {
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
