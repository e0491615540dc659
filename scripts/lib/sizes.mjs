// The gzip size of the JS each route loads, read from Vite's manifest (dist/.vite/manifest.json).
// Shared by report-sizes.mjs (after `npm run build`) and bench-web.mjs.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const kb = (n) => `${(n / 1024).toFixed(1)} kB`;

export function readSizes(dist = 'dist') {
  const manifestPath = join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`No ${manifestPath}: run \`vite build\` with build.manifest enabled.`);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const cache = new Map();
  const gz = (file) => {
    if (!cache.has(file)) cache.set(file, gzipSync(readFileSync(join(dist, file))).length);
    return cache.get(file);
  };
  const closure = (keys, seen = new Set()) => {
    for (const key of keys) {
      const entry = manifest[key];
      if (!entry || seen.has(entry.file)) continue;
      seen.add(entry.file);
      closure(entry.imports ?? [], seen);
    }
    return seen;
  };
  const keyOf = (src) => Object.keys(manifest).find((k) => manifest[k].src === src || k === src);
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const route = (keys) => {
    const files = [...closure(keys.filter(Boolean))].filter((f) => f.endsWith('.js'));
    return { files, gzip: files.reduce((s, f) => s + gz(f), 0) };
  };
  const routes = {
    login: {
      label: 'login page (shell + public screens)',
      ...route([entry, keyOf('src/public/PublicApp.tsx')]),
    },
    admin: { label: 'after login (shell + admin app)', ...route([entry, keyOf('src/AdminRoot.tsx')]) },
    // The landing budget's files (docs/decisions.md 96; bench:web measures them in Chromium, with the
    // boot script and runtime-config.js).
    landing: {
      label: 'through the statistics landing page',
      ...route([
        entry,
        keyOf('src/public/PublicApp.tsx'),
        keyOf('src/AdminRoot.tsx'),
        keyOf('src/customPages/statistics/StatisticsPage.tsx'),
        keyOf('src/features/statistics/HistogramChart.tsx'),
      ]),
    },
  };
  const chunks = Object.values(manifest)
    .filter((e) => e.file.endsWith('.js'))
    .map((e) => ({ file: e.file, name: e.src ?? e.name ?? '', gzip: gz(e.file) }))
    .sort((a, b) => b.gzip - a.gzip);
  return { routes, chunks };
}
