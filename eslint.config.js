import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import tseslint from 'typescript-eslint';

/**
 * The dashboard's layers, lowest first (docs/architecture.md#layers). A file may import from its own folder and
 * from lower layers only; folders of one layer never import each other. `App.tsx` is the composition
 * root: the only file that imports a registry.
 */
export const LAYERS = [
  ['domain'],
  ['api', 'i18n', 'runtimeConfig.ts', 'analytics.ts'],
  ['authProvider', 'dataProvider', 'brands'],
  ['forms', 'declarations.ts'],
  ['layout'],
  // Views shared by a page and a resource (the statistics view and its calls): above the layout, below
  // the features that show them.
  ['features'],
  ['resources', 'customPages', 'public'],
  ['App.tsx'],
  ['AdminRoot.tsx'],
  ['main.tsx'],
];

const src = (path) => `./src/${path}`;
const REGISTRIES = [src('resources/registry.ts'), src('customPages/registry.ts')];

function layerZones() {
  const zones = [];
  LAYERS.forEach((layer, index) => {
    const higher = LAYERS.slice(index + 1).flat();
    for (const target of layer) {
      const siblings = layer.filter((other) => other !== target);
      const from = [...higher, ...siblings].map(src);
      if (from.length > 0)
        zones.push({
          target: src(target),
          from,
          message: `'${target}' may import only from lower layers (docs/architecture.md#layers; LAYERS in eslint.config.js).`,
        });
    }
  });
  return zones;
}

/**
 * Request code acts for its caller's organisation only: its scope is scopeOf(request). `systemScope` is
 * for work no request asked for: the seed, bulk loads and the simulator's steps, which live in their
 * movement's module (SIMULATOR_ZONES below), never beside the runner (server/simulator).
 */
const SYSTEM_SCOPE_ZONE = {
  target: [
    './server/modules',
    './server/simulator',
    './server/http',
    './server/auth',
    './server/audit',
    './server/*.ts',
  ],
  from: './server/auth/systemScope.ts',
  message:
    "Request code takes its scope from scopeOf(request); systemScope is for the seed, bulk loads and a module's simulator.ts (docs/decisions.md, 'A system scope for the seed', 203).",
};

const ZONES = [
  ...layerZones(),
  {
    target: ['./src/!(App).tsx', './src/!(App)/**'],
    from: REGISTRIES,
    message: 'Only App.tsx (the composition root) reads the registries; receive what you need from it.',
  },
  {
    target: src('public'),
    from: [src('layout'), src('dataProvider'), src('declarations.ts'), src('authProvider/authProvider.ts')],
    message: 'The public screens load before react-admin: no admin layout, data provider or declarations.',
  },
  {
    target: './server',
    from: './src',
    except: ['./domain'],
    message: 'The server imports src/domain and nothing else from src.',
  },
  SYSTEM_SCOPE_ZONE,
];

/**
 * A module's simulator steps (`server/modules/<area>/simulator.ts`) act as the provider, for no
 * request: they post with systemScope, the one place in server/modules that may (docs/decisions.md 203).
 */
const SIMULATOR_ZONES = ZONES.filter((zone) => zone !== SYSTEM_SCOPE_ZONE);

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.data', 'test-results', 'playwright-report'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Plain JavaScript has no type checker to catch an undefined name: ESLint does.
    files: ['**/*.{js,mjs}'],
    rules: { 'no-undef': 'error' },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      // Parse TypeScript dependencies too (no-cycle follows them), resolved as Vite and tsx resolve them.
      'import/extensions': ['.ts', '.tsx', '.js'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
      // Packages are not followed: the rules are about the project's own modules.
      'import/ignore': ['node_modules'],
      'import/external-module-folders': ['node_modules'],
    },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true, disableScc: true }],
      'import/no-restricted-paths': ['error', { zones: ZONES }],
    },
  },
  {
    // react-admin's <Admin> and <AdminUI> import what the app never shows (the material login form
    // with its form library, a polyglot provider): 26 kB gzip on the landing page. App composes
    // <AdminContext> and <CoreAdminUI> instead, over the app's own translate (decision 206).
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-admin',
              importNames: ['Admin', 'AdminUI', 'defaultI18nProvider'],
              message: 'Compose <AdminContext> and <CoreAdminUI> as App does (docs/decisions.md 206).',
            },
            {
              name: 'ra-ui-materialui',
              importNames: ['AdminUI'],
              message: 'Compose <AdminContext> and <CoreAdminUI> as App does (docs/decisions.md 206).',
            },
          ],
          patterns: [
            {
              group: ['ra-i18n-polyglot', 'node-polyglot'],
              message: "Translate with src/i18n/translate.ts, the app's one translate (decision 206).",
            },
          ],
        },
      ],
    },
  },
  {
    // Exactly the simulator files, no eslint-disable comments (decision 203).
    files: ['server/modules/*/simulator.ts'],
    rules: { 'import/no-restricted-paths': ['error', { zones: SIMULATOR_ZONES }] },
  },
  {
    // An OrgScope comes from scopeOf(request) or systemScope (server/auth), never from a cast elsewhere.
    files: ['server/**/*.ts'],
    ignores: ['server/auth/scope.ts', 'server/auth/systemScope.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSAsExpression > TSTypeReference.typeAnnotation[typeName.name='OrgScope']",
          message:
            'An OrgScope comes from scopeOf(request) (or systemScope for the seed), never from a cast.',
        },
      ],
    },
  },
);
