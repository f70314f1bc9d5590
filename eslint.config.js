// ESLint 9 flat config: @eslint/js + typescript-eslint (recommended, not type-aware: fast on a 2-core CI),
// react-hooks and jsx-a11y for the web app; eslint-config-prettier last so formatting is Prettier's alone.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      'cdk.out/**',
      '**/.prerender/**',
      '.test-results/**',
      '.bench/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      // `_`-prefixed arguments and destructured leftovers are deliberate (e.g. omitting a field with a rest pattern).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'test/web/**/*.{ts,tsx}', 'test/support/web.setup.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Reason: React Compiler's rule flags the loading reset at the start of every fetch effect (use-query and 9 screens); moving them to a data hook is follow-up work, so warn for now.
      'react-hooks/set-state-in-effect': 'warn',
    },
  },
  {
    files: ['web/**/*.tsx', 'test/web/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable), so role=region may take tabIndex too.
      'jsx-a11y/no-noninteractive-tabindex': [
        'error',
        { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true },
      ],
    },
  },
  // CommonJS shims (cognito-local's start script) have to require().
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // CloudFormation template JSON in the CDK assertion tests is untyped by nature.
  { files: ['test/infra/**/*.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  prettier,
);
