import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import type { PrerenderedShell } from './src/public/prerender';

/**
 * The build step that makes the login page paint without JS (docs/decisions.md): after `vite build`
 * has written dist/, it renders the login card and the loading overlay (src/public/prerender.tsx,
 * through Vite's SSR loader) into dist/index.html with their critical CSS, and writes the boot script
 * (scripts/prerender/boot.js) next to the assets. One build still serves every brand: the shell is
 * brand-neutral and the boot script fills in the brand's logo when /v1/brands/dashboard answers.
 */

const ROOT_MARKUP = '<div id="root"></div>';
const RUNTIME_CONFIG = '<script src="/runtime-config.js"></script>';

function replaceOnce(html: string, search: string, replacement: string): string {
  const at = html.indexOf(search);
  if (at < 0) throw new Error(`prerender: ${search} not found`);
  return html.slice(0, at) + replacement + html.slice(at + search.length);
}

async function renderShell(root: string): Promise<PrerenderedShell> {
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    plugins: [react()],
    server: { middlewareMode: true, hmr: false, ws: false },
    // MUI's and emotion's ESM go through Vite as the client sees them.
    ssr: { noExternal: [/@mui\//, /@emotion\//] },
  });
  try {
    const module = (await server.ssrLoadModule('/src/public/prerender.tsx')) as {
      renderShell: () => PrerenderedShell;
    };
    return module.renderShell();
  } finally {
    await server.close();
  }
}

export function prerenderLoginShell(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prerender-login-shell',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      const shell = await renderShell(config.root);
      const indexPath = join(outDir, 'index.html');
      let html = readFileSync(indexPath, 'utf8');
      // The app's module and its preloads are started by the boot script (after the logo), not by the HTML.
      const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
      if (!entry) throw new Error('prerender: the entry <script type="module"> was not found');
      html = html.replace(entry[0], '');
      const preloads: string[] = [];
      html = html.replace(
        /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g,
        (_tag, href: string) => {
          preloads.push(href);
          return '';
        },
      );
      const source = readFileSync(join(config.root, 'scripts/prerender/boot.js'), 'utf8');
      const boot = replaceOnce(
        source.replace(/^\/\/.*\n/gm, ''),
        '})(__BOOT_CONFIG__);',
        `})(${JSON.stringify({ ...shell.boot, entry: entry[1], preloads })});`,
      );
      const bootFile = `assets/boot-${createHash('sha256').update(boot).digest('hex').slice(0, 10)}.js`;
      writeFileSync(join(outDir, bootFile), boot);
      html = replaceOnce(html, RUNTIME_CONFIG, `${RUNTIME_CONFIG}\n    <script src="/${bootFile}"></script>`);
      html = replaceOnce(html, '</head>', `  <style id="${shell.styleId}">${shell.css}</style>\n  </head>`);
      html = replaceOnce(html, ROOT_MARKUP, `<div id="root">${shell.html}</div>`);
      writeFileSync(indexPath, html);
    },
  };
}

/**
 * The MUI components of the login page (and what they import): one chunk rather than the half dozen
 * small ones the bundler would cut by importer, since every page loads them all (gzip also
 * compresses one file better than six). The admin loads this chunk too; its other components stay
 * in the chunks of the pages that use them.
 */
const LOGIN_UI =
  /node_modules\/@mui\/(material\/esm\/(Box|Button|ButtonBase|Card|CardContent|CircularProgress|CssBaseline|FormControl|FormHelperText|IconButton|InputAdornment|InputLabel|LinearProgress|Link|OutlinedInput|Stack|Typography|styles)\/|icons-material\/esm\/Visibility(Off)?\.js)/;

/**
 * The login page's own small modules that the admin shares (brand, form kit, rules, errors, locale):
 * one chunk rather than nine of a few hundred bytes each, which the bundler would cut by importer.
 */
const LOGIN_SHARED =
  /\/src\/(analytics|api\/apiError|brands\/BrandContext|domain\/(errors|forms|schemas|validation)|forms\/(FormKitContext|resolver|TextInput)|i18n\/locale)\.tsx?$/;

/**
 * The admin's German trees (react-admin's, the layout's, every declaration's `messages.de.ts`): one
 * chunk, loaded only when German is chosen (src/i18n/lazyMessages.ts), in one request rather than one
 * per feature. The public screens' German (src/i18n/messages.de.ts) stays its own small chunk.
 */
const ADMIN_GERMAN = /\/src\/(i18n\/ra\.de|(?!i18n\/).+\/messages\.de)\.ts$/;

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    react(),
    // dist/index.html paints the login card before any JS (src/public/prerender.tsx).
    prerenderLoginShell(),
    // `ANALYZE=1 npm run build`: a treemap of every chunk (gzip sizes) in dist/stats.html.
    process.env.ANALYZE
      ? visualizer({ filename: 'dist/stats.html', template: 'treemap', gzipSize: true, brotliSize: false })
      : null,
  ],
  server: {
    host: '127.0.0.1',
    proxy: { '/v1': apiTarget, '/runtime-config.js': apiTarget },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    // Every browser the dashboard supports preloads modules itself (the boot script adds the links).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // prop-types is a dependency of a login-page module (react-transition-group) that only the
            // date pickers of the lists' filter bar run: a chunk of its own keeps it off the login page.
            { name: 'prop-types', test: /node_modules\/prop-types\//, priority: 1 },
            { name: 'ui', test: LOGIN_UI },
            { name: 'public', test: LOGIN_SHARED },
            { name: 'de', test: ADMIN_GERMAN },
          ],
        },
      },
    },
    chunkSizeWarningLimit: 1500,
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
          // Vitest's 5 s is too near what a rendered page takes on a loaded 2-core machine (3 s seen).
          testTimeout: 30000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // One migrated and seeded database per run, that every test file's makeDb starts from.
          globalSetup: ['tests/server/globalSetup.ts'],
          // A test that seeds a database took 15 s with six other processes beside it.
          testTimeout: 60000,
          hookTimeout: 120000,
        },
      },
    ],
  },
});
