// After tsc: make the bin executable (npm sets the bit only on install, not in a clone), and
// copy the two tree-sitter grammars' .wasm files into dist/grammars. The grammar packages are
// devDependencies: they bring C sources, prebuilt native binaries and an install script
// (node-gyp-build) for 46 MB, of which the tool uses only the .wasm (3.8 MB).
import { chmodSync, copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
chmodSync(path.join(root, 'dist/src/cli/main.js'), 0o755);

const require = createRequire(import.meta.url);
const grammars = path.join(root, 'dist/grammars');
mkdirSync(grammars, { recursive: true });
for (const wasm of ['tree-sitter-java/tree-sitter-java.wasm', '@tree-sitter-grammars/tree-sitter-kotlin/tree-sitter-kotlin.wasm']) {
  copyFileSync(require.resolve(wasm), path.join(grammars, path.basename(wasm)));
}
