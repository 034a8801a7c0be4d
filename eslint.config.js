// @ts-check
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'storybook-static/**', 'node_modules/**', '.vitest/**', '**/*.gen.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      // The rules that follow imports (no-cycle) read only files of these extensions, with this parser:
      // without them every .ts import was a dead end, and no circle was ever found.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Cycles are ours to find; parsing dependencies' minified bundles only costs time (and PGlite's
      // overflows the parser's stack).
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Over every folder (src, server, scripts, supabase, common), across folders too. Type-only
      // imports are not followed by the rule; tests/import-cycles.test.ts finds those.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      // The import direction of CONVENTIONS.md: engine ← screens ← app. The engine knows no React, no
      // backend, no product; renderers know no machine, no backend, no storage.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/engine',
              from: ['./src/app', './src/screens', './src/components', './src/scoring', './src/tracking', './src/analysis'],
              message: 'src/engine is framework- and product-free: it may not import app, UI or product code.',
            },
            { target: './src/screens', from: ['./src/app', './src/tracking', './src/analysis'], message: 'Renderers are pure: props in, events out.' },
            { target: './src/components', from: ['./src/app', './src/screens', './src/tracking', './src/analysis'], message: 'Shared components are pure UI.' },
            { target: './src/scoring', from: ['./src/app', './src/screens', './src/components'], message: 'Scoring is pure functions.' },
            // scripts/ (CLIs, the build's plugins) sits on top: the local backend and the modules both
            // share never reach up into it. What both need lives in common/.
            {
              target: ['./server', './common', './supabase'],
              from: './scripts',
              message: 'server/, common/ and supabase/ may not import from scripts/: move what both need to common/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/engine/**/*.ts'],
    ignores: ['src/engine/validation/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react', 'react-dom', '@xstate/react', '@supabase/supabase-js', 'framer-motion', 'ajv'],
          patterns: [{ group: ['ajv/*'], message: 'ajv runs at build time only (src/engine/validation).' }],
        },
      ],
    },
  },
  {
    files: ['src/screens/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'xstate', message: 'Renderers send events; the machine decides.' },
            { name: '@xstate/react', message: 'Renderers send events; the machine decides.' },
            { name: '@supabase/supabase-js', message: 'Side effects go through ports.' },
          ],
        },
      ],
    },
  },
  {
    // Test files share one module graph between the files of a worker (isolate: false in
    // vitest.config.ts and vitest.e2e.config.ts), so a module mock would reach, or miss, other files'
    // imports. A unit test that must mock one runs isolated (ISOLATED in vitest.config.ts).
    files: ['**/*.test.{ts,tsx}'],
    ignores: ['src/app/screen-transition.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|unmock|doUnmock)$/]",
          message: 'Test files share modules: pass the dependency in, or run the file isolated (ISOLATED in vitest.config.ts).',
        },
      ],
    },
  },
);
