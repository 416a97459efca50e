import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

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
  {
    // Domain code decides; it never reaches for infrastructure clients.
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
);
