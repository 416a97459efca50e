import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Web layering (bulletproof-react): shared → features → app. Shared folders (every top-level folder
 * of web/src except app/, features/ and test/: components/, lib/, …) import neither features/ nor
 * app/; a feature imports no other feature and not app/; app/ (routes compose features) imports
 * anything; test/ (test support, wraps the app's providers) imports no feature.
 *
 * Imports are relative, so one no-restricted-imports block per folder of web/src (read from disk at
 * each run: new folders and features are covered) spells out, for that folder's depth, the
 * specifiers that reach a forbidden place; `no-restricted-syntax` does the same for `import()`.
 */
function webBoundaryBlocks() {
  const src = fileURLToPath(new URL('./web/src/', import.meta.url));
  const folders = [];
  const walk = (segments) => {
    for (const entry of readdirSync(src + segments.join('/'), { withFileTypes: true }))
      if (entry.isDirectory()) {
        folders.push([...segments, entry.name]);
        walk([...segments, entry.name]);
      }
  };
  walk([]);

  const up = (n) => `^(?:\\.\\./){${n}}`;
  const restrictions = ([top, feature, ...rest]) => {
    const depth = [top, feature, ...rest].filter(Boolean).length;
    if (top === 'app') return [];
    if (top === 'test')
      return [{ regex: `${up(depth)}features(?:/|$)`, message: 'Test support does not import features.' }];
    if (top !== 'features')
      return [
        {
          regex: `${up(depth)}(?:features|app)(?:/|$)`,
          message: 'Shared code never imports features/ or app/: take what it needs as props from app/.',
        },
      ];
    if (!feature) return [];
    const other = `(?!${feature}(?:/|$))`;
    return [
      {
        regex: `${up(depth)}app(?:/|$)`,
        message: 'A feature never imports app/: app/ passes things in (props, callbacks).',
      },
      {
        regex: `(?:${up(depth)}features/${other}|${up(depth - 1)}${other}[^./])`,
        message: `features/${feature} imports no other feature: compose features in app/routes, or move the shared piece to a shared folder.`,
      },
    ];
  };

  return folders.flatMap((segments) => {
    const patterns = restrictions(segments);
    if (patterns.length === 0) return [];
    // esquery regexes cannot contain '/': write it as \x2F.
    const dynamic = patterns.map(({ regex, message }) => ({
      selector: `ImportExpression > Literal.source[value=/${regex.replaceAll('/', '\\x2F')}/]`,
      message,
    }));
    return [
      {
        files: [`web/src/${segments.join('/')}/*.{ts,tsx}`],
        rules: {
          'no-restricted-imports': ['error', { patterns }],
          'no-restricted-syntax': ['error', ...dynamic],
        },
      },
    ];
  });
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '.stack/**',
      '.cache/**',
      'coverage/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  ...webBoundaryBlocks(),
  {
    files: [
      'services/*/src/**/*.ts',
      'gateway/src/**/*.ts',
      'packages/eventstore/src/**/*.ts',
      'packages/runtime/src/**/*.ts',
    ],
    ignores: ['**/build-adapters.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['kafkajs', 'bullmq', 'ioredis', 'minio', 'nodemailer'] },
      ],
    },
  },
  {
    // Domain code decides; it never reaches for infrastructure clients. After the block above: for
    // one rule the last matching block wins, and this list is the stricter one.
    files: ['services/*/src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            'kafkajs',
            'bullmq',
            'ioredis',
            'minio',
            'pg',
            'knex',
            'nodemailer',
            'express',
            '@tapinti/ports/*',
          ],
        },
      ],
    },
  },
);
