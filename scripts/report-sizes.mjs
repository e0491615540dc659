// Prints the gzip size of the JS each entry point loads: the login screen (index + PublicApp chunk and
// their static imports) and the admin app after login (index + App chunk and theirs), plus every chunk.
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const manifestPath = 'dist/.vite/manifest.json';
if (!existsSync(manifestPath)) {
  console.error('No dist/.vite/manifest.json: run `vite build` with build.manifest enabled.');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const gz = (file) => gzipSync(readFileSync(`dist/${file}`)).length;
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    const entry = manifest[key];
    if (!entry || seen.has(entry.file)) continue;
    seen.add(entry.file);
    closure(entry.imports ?? [], seen);
  }
  return seen;
}
const keyOf = (src) => Object.keys(manifest).find((k) => manifest[k].src === src || k === src);
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const groups = {
  'login page (shell + public screens)': [entry, keyOf('src/public/PublicApp.tsx')],
  'after login (shell + admin app)': [entry, keyOf('src/App.tsx')],
};
console.log('\nJavaScript per route, gzip:');
for (const [name, keys] of Object.entries(groups)) {
  const files = [...closure(keys.filter(Boolean))].filter((f) => f.endsWith('.js'));
  console.log(
    `  ${name.padEnd(40)} ${kb(files.reduce((s, f) => s + gz(f), 0)).padStart(10)}  (${files.length} files)`,
  );
}
console.log('\nEvery chunk, gzip:');
for (const e of Object.values(manifest)
  .filter((e) => e.file.endsWith('.js'))
  .sort((a, b) => gz(b.file) - gz(a.file))) {
  console.log(`  ${e.file.padEnd(50)} ${kb(gz(e.file)).padStart(10)}  ${e.src ?? e.name ?? ''}`);
}
