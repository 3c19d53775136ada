import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Layer rules (no-restricted-imports patterns): the browser's layers, and its UI libraries. */
const UI_LAYERS = ['**/renderers/**', '**/src/**'];
const UI_LIBRARIES = ['@fluentui/*', 'react-toastify', 'ag-grid-*', '@rjsf/*'];
const NOT_IN_RUNTIME = {
  group: [...UI_LAYERS, ...UI_LIBRARIES],
  message: 'runtime/ imports nothing of the UI layers.',
};

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The headless core must not reach into the UI layers (DEVELOPERS.md: runtime -> nothing of renderers/src).
    files: ['runtime/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [NOT_IN_RUNTIME] }],
    },
  },
  {
    // Code both sides need: runtime/shared imports libraries and its own files, nothing else of the tree
    // (a later entry for the same files replaces the runtime/** rule, so it repeats that pattern).
    // `../` from its top level leaves it, unless it comes straight back (`../shared/x`).
    files: ['runtime/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NOT_IN_RUNTIME,
            {
              regex: '^(/|\\.\\./(?!shared/))',
              message: 'runtime/shared imports only libraries and files of runtime/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    // The same for a folder one level inside runtime/shared (e.g. fieldKinds/): `../` stays in
    // runtime/shared, `../../` leaves it unless it comes straight back.
    files: ['runtime/shared/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NOT_IN_RUNTIME,
            {
              regex: '^(/|\\.\\./\\.\\./(?!shared/)|\\.\\./\\.\\./\\.\\./)',
              message: 'runtime/shared imports only libraries and files of runtime/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server runs without the browser's code: nothing from renderers/ or src/.
    files: ['server/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: UI_LAYERS, message: 'server/ imports nothing from renderers/ or src/.' }] },
      ],
    },
  },
  {
    files: ['renderers/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/src/**'] }] },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
