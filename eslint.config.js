// @ts-check
/**
 * One lint config for the whole tree (`npm run lint`, run by CI). Besides the usual rules it writes down the
 * design's boundaries, so the layout stays true without anyone policing it:
 * - frontend: features do not import each other or `app/`; `components/` and `lib/` import no feature and
 *   not `app/` (bulletproof-react's zones);
 * - contracts/ (what the SPA and the API share) imports neither side;
 * - backend: the kernel (`shared/`) imports no module; a module imports of another only what that module
 *   publishes (its Nest module, its events, its queries and their views), never its commands, tables or
 *   helpers. The composition roots (app.module.ts, projections.ts, bootstrap.ts, the CLIs) import anything.
 * Formatting is Prettier's (`npm run format:check`), so no style rule is here.
 */
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ROOT = import.meta.dirname;
const BACKEND = `${ROOT}/backend/src`;
const FRONTEND = `${ROOT}/frontend/src`;

const BACKEND_MODULES = ['admin', 'analytics', 'catalogue', 'early-access', 'feedback', 'identity', 'notifications', 'privacy', 'site'];
/**
 * What every backend module publishes: its Nest module, its projections (the list the kernel runs), its events
 * (reactors of other modules follow them), its queries.
 */
const PUBLISHED = ['*.module.[tj]s', '*.projections.[tj]s', '**/*.events.[tj]s', '**/queries/**', '**/*.query.[tj]s'];
/** Files a module publishes besides those, each with its reason. */
const ALSO_PUBLISHED = {
  // The e-mails' links are made by the reactor that writes the e-mail, with identity's token rules; erasing a
  // person ends their sessions in the erasure's transaction.
  identity: ['confirmation-link.[tj]s', 'end-sessions.[tj]s'],
  // Erasure is a library by design: the CLI and the admin's lead deletion run the same transaction.
  privacy: ['erase-personal-data.[tj]s'],
  // The range of days every analytics query takes: the console's overview builds the ranges it asks them for.
  analytics: ['metrics/date-range.[tj]s'],
};

const FRONTEND_FEATURES = ['admin', 'analytics', 'auth', 'catalogue', 'early-access', 'feedback', 'pwa'];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-server/**',
      '**/dist-landing/**',
      '**/node_modules/**',
      '.data/**',
      'frontend/public/**',
      'frontend/dev-dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: ROOT },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['backend/tsconfig.json', 'frontend/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      // Tests and a few adapters read untyped JSON answers; the compiler's strict mode covers the rest.
      '@typescript-eslint/no-explicit-any': 'off',
      // Refusing control characters is the point of several patterns (the input guard, the e-mail rule).
      'no-control-regex': 'off',
    },
  },
  {
    files: ['backend/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: `${BACKEND}/shared/**`,
              from: BACKEND_MODULES.map((module) => `${BACKEND}/${module}/**`),
              message: 'The kernel (shared/) imports no module: move what both need into shared/, or invert the dependency.',
            },
            ...BACKEND_MODULES.map((module) => ({
              target: `${BACKEND}/${module}/**`,
              from: BACKEND_MODULES.filter((other) => other !== module).map((other) => `${BACKEND}/${other}/**`),
              except: BACKEND_MODULES.filter((other) => other !== module).flatMap((other) =>
                [...PUBLISHED, ...(ALSO_PUBLISHED[/** @type {keyof typeof ALSO_PUBLISHED} */ (other)] ?? [])].map(
                  (file) => `${BACKEND}/${other}/${file}`,
                ),
              ),
              message: 'A module imports only what another publishes (its module, events and queries): ask it through a query.',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['contracts/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: `${ROOT}/contracts`,
              from: [`${ROOT}/backend`, `${ROOT}/frontend`],
              message: 'The contract is what both sides import; it imports neither.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...FRONTEND_FEATURES.map((feature) => ({
              target: `${FRONTEND}/features/${feature}`,
              from: `${FRONTEND}/features`,
              except: [`./${feature}`],
              message: 'Features do not import each other: compose them in a route (app/), or move what both need to lib/ or components/.',
            })),
            {
              target: `${FRONTEND}/features`,
              from: `${FRONTEND}/app`,
              message: 'Features do not import app/: routes compose features, not the other way round.',
            },
            {
              target: [`${FRONTEND}/components`, `${FRONTEND}/lib`],
              from: [`${FRONTEND}/features`, `${FRONTEND}/app`],
              message: 'components/ and lib/ are shared by every feature and import none.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['frontend/src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Only fields of dialogs the visitor just opened are focused, as WAI-ARIA's dialog pattern moves focus into a dialog.
      'jsx-a11y/no-autofocus': 'off',
      // A table wider than a phone scrolls in a labelled region that takes focus, so that the keyboard can
      // scroll it (WCAG 2.1.1; axe's scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'region'] }],
    },
  },
  {
    // k6 scripts and plain JavaScript: no type information, k6's globals.
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { ...globals.node, __ENV: 'readonly', __VU: 'readonly', __ITER: 'readonly' },
    },
  },
);
