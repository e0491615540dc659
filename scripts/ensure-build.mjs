// `npm start` builds the dashboard only when dist/ is missing or older than its sources, so a second
// start is ready in seconds.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';

const inputs = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];
const stamp = 'dist/index.html';

function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), s.mtimeMs);
}

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
if (built >= Math.max(...inputs.map(newest))) {
  console.log('Dashboard build is up to date.');
} else {
  console.log('Building the dashboard…');
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
}
