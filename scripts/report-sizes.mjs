// Prints the gzip size of the JS each entry point loads: the login screen (index + PublicApp chunk and
// their static imports) and the admin app after login (index + AdminRoot chunk and theirs), plus every chunk.
// `ANALYZE=1 npm run build` also writes a treemap of every chunk to dist/stats.html.
import { kb, readSizes } from './lib/sizes.mjs';

let sizes;
try {
  sizes = readSizes();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const loginChunks = new Set(sizes.routes.login.files);
console.log('\nJavaScript per route, gzip:');
for (const { label, files, gzip } of Object.values(sizes.routes)) {
  console.log(`  ${label.padEnd(40)} ${kb(gzip).padStart(10)}  (${files.length} files)`);
}
console.log('\nEvery chunk, gzip (* = loaded by the login page):');
for (const { file, name, gzip } of sizes.chunks) {
  console.log(`${loginChunks.has(file) ? '* ' : '  '}${file.padEnd(50)} ${kb(gzip).padStart(10)}  ${name}`);
}
