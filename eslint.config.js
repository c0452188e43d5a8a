// Lint: typescript-eslint's recommended rules plus the layer direction domain ← contract ← server/web
// (guides: "Let lint enforce it"). Paths are forbidden per layer with no-restricted-imports.
import tseslint from 'typescript-eslint';

const nodeBuiltins = ['node:*', 'fs', 'path', 'crypto', 'http', 'https', 'net', 'os', 'child_process', 'stream'];
const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/migrations/**', '.tmp/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': 'off',
    },
  },
  {
    files: ['packages/domain/src/**'],
    rules: restrict(['@paydesk/contract', '@paydesk/server', '@paydesk/web', '**/contract/**', '**/apps/**', ...nodeBuiltins], 'domain is pure business language: no I/O and no upper layer'),
  },
  {
    files: ['packages/contract/src/**'],
    rules: restrict(['@paydesk/server', '@paydesk/web', '**/apps/**', ...nodeBuiltins], 'contract runs in browser and Node: no server, web or Node-only imports'),
  },
  { files: ['apps/server/**'], rules: restrict(['@paydesk/web', '**/apps/web/**'], 'the server never imports the web app') },
  { files: ['apps/web/src/**'], rules: restrict(['@paydesk/server', '**/apps/server/**', ...nodeBuiltins.filter((n) => n !== 'path')], 'the web app never imports the server') },
  {
    // RTK Query's `util.invalidateTags` answers an action: called as a statement it does nothing
    // (the /rm-application list was never asked again after a save). Dispatch it.
    files: ['apps/web/src/**'],
    rules: {
      'no-restricted-syntax': ['error', { selector: 'ExpressionStatement > CallExpression[callee.name=/^invalidate[A-Z]/]', message: 'invalidate…() answers an action: dispatch(invalidate…())' }],
    },
  },
);
