import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const web = 'apps/web/src';
const server = 'apps/server/src';
const foldersOf = (dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
// Glob zones match absolute paths (the rule does not resolve a zone's `except` globs itself).
const absolute = (glob) => path.join(root, glob);

const featureMessage = 'A feature never imports another feature: move what both need to components/ or lib/ (DESIGN.md §2).';
const moduleMessage = 'A module uses another module only through its service.ts (tests also through its *.fixtures.ts): DESIGN.md §2.';

/** The boundaries between the folders of apps/ (DESIGN.md §2), built from the folders that exist. */
const boundaryZones = [
  // Web: every feature keeps to itself…
  ...foldersOf(`${web}/features`).map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message: featureMessage,
  })),
  // …the app (router, shell) is the top that nothing below reaches back into…
  { target: [`${web}/features`, `${web}/components`, `${web}/lib`], from: `${web}/app`, message: 'Only the app imports app/; move the shared piece to components/ or lib/.' },
  // …and the kit and the library serve every feature without knowing any.
  { target: [`${web}/components`, `${web}/lib`], from: `${web}/features`, message: 'components/ and lib/ serve every feature and import none.' },
  // Server: the framework parts run under the modules and do not call into them; seed/ may (DESIGN.md §2).
  { target: absolute(`${server}/{lib,db}/**/!(*.test).ts`), from: absolute(`${server}/modules/**`), message: 'lib/ and db/ do not import modules/: seeding code that calls services belongs in seed/.' },
  // The session plugin reads the sessions the auth module keeps: the one module file a plugin may use.
  { target: absolute(`${server}/plugins/**/!(*.test).ts`), from: `${server}/modules`, except: ['./auth/sessions.ts'], message: 'plugins/ do not import modules/.' },
  {
    target: absolute(`${server}/{lib,db,plugins}/**/*.test.ts`),
    from: absolute(`${server}/modules/**`),
    except: [absolute(`${server}/modules/*/*.fixtures.ts`)],
    message: 'A test of lib/, db/ or plugins/ uses a module only through its *.fixtures.ts.',
  },
  ...foldersOf(`${server}/modules`).flatMap((module) => [
    {
      target: absolute(`${server}/modules/${module}/**/!(*.test|*.fixtures).ts`),
      from: absolute(`${server}/modules/!(${module})/**`),
      // auth/sessions.ts is the session store's service (the session plugin uses it too): users end a user's sessions.
      except: [absolute(`${server}/modules/*/service.ts`), absolute(`${server}/modules/*/sessions.ts`)],
      message: moduleMessage,
    },
    {
      target: absolute(`${server}/modules/${module}/**/*.{test,fixtures}.ts`),
      from: absolute(`${server}/modules/!(${module})/**`),
      except: [absolute(`${server}/modules/*/service.ts`), absolute(`${server}/modules/*/*.fixtures.ts`)],
      message: moduleMessage,
    },
  ]),
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'apps/server/drizzle/**', 'test-results/**', 'playwright-report/**', 'e2e/.data/**', 'data/**', 'apps/web/src/testing/lint-fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  {
    // Every PDF embeds the same Unicode fonts: documents are made through lib/pdf.ts only.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/lib/pdf.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'pdfkit', message: 'Make PDFs with createPdf() from lib/pdf.ts: it embeds the Unicode fonts.' }] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Boundaries between folders, and no import cycles (docs/architecture.md).
    files: [`${web}/**/*.{ts,tsx}`, `${server}/**/*.ts`],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
