// The last step of scripts/bundle.mjs: the bin's V8 code cache (src/cli/code-cache.ts). Runs the
// CLI's CommonJS bundle, compiled without a cache, the way a user does: a dry-run `migrate` of
// the demo app (nothing is written) and a `check` of a few of its files, as a commit hook does;
// then keeps what V8 compiled for each file loaded, in <out>/code-cache/.
//
//   node scripts/code-cache.mjs [out]     out: the bundle's folder (dist/cli)
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const out = path.resolve(root, process.argv[2] ?? 'dist/cli');
const demo = path.join(root, 'examples', 'demo-app');
const { CachedLoader, writeCaches } = await import(pathToFileURL(path.join(out, 'code-cache.js')).href);

const loader = new CachedLoader(out, true);
const program = loader.program(); // compiled without a cache: this run makes them

/** Runs one command line of the CLI with its output dropped; a crash (exit 5) or a usage error fails the build. */
async function quietly(argv, cwd) {
  const writes = [process.stdout.write, process.stderr.write];
  const said = [];
  process.stdout.write = process.stderr.write = (chunk, ...rest) => {
    said.push(String(chunk));
    rest.find((a) => typeof a === 'function')?.();
    return true;
  };
  const before = process.cwd();
  process.chdir(cwd);
  try {
    const code = await program.main(argv);
    if (code === 2 || code === 5) throw new Error(`code cache: boot-upgrade ${argv.join(' ')} exited ${code}:\n${said.join('')}`);
  } finally {
    process.chdir(before);
    [process.stdout.write, process.stderr.write] = writes;
  }
}

const env = { NO_COLOR: process.env.NO_COLOR, CI: process.env.CI };
process.env.NO_COLOR = '1';
process.env.CI = '1';
await quietly(['migrate', '--dry-run', demo], root);
await quietly(['check', 'pom.xml', 'src/main/java/com/example/demo/web/UserController.java', 'src/main/resources/application.properties'], demo);
for (const [k, v] of Object.entries(env)) if (v === undefined) delete process.env[k];
else process.env[k] = v;

const manifest = writeCaches(loader);
console.log(`code cache: ${Object.keys(manifest.files).join(', ')} (V8 ${manifest.v8})`);
