// One jest configuration, several projects: `npm test` (scripts/test.mjs) picks which run when.
const node = {
  // Suites here start PGlite or real servers; under load that takes longer than jest's 5 s.
  setupFilesAfterEnv: ['<rootDir>/test/support/jest-timeouts.ts'],
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': '<rootDir>/test/support/esbuild-transform.js' },
};

module.exports = {
  projects: [
    {
      ...node,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/packages/*/test/unit/**/*.test.ts',
        '<rootDir>/services/*/test/unit/**/*.test.ts',
        '<rootDir>/gateway/test/unit/**/*.test.ts',
      ],
    },
    {
      ...node,
      displayName: 'contract',
      testMatch: ['<rootDir>/packages/*/test/contract/**/*.test.ts'],
    },
    {
      ...node,
      displayName: 'integration',
      testMatch: [
        '<rootDir>/test/integration/**/*.test.ts',
        '<rootDir>/services/*/test/integration/**/*.test.ts',
      ],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
    {
      ...node,
      displayName: 'web',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/web/src/**/*.test.{ts,tsx}'],
      // The node projects' long timeouts too: jsdom suites are slow on a busy machine.
      setupFilesAfterEnv: [...node.setupFilesAfterEnv, '<rootDir>/web/jest.setup.ts'],
      moduleNameMapper: { '\\.(css|png|svg|jpg)$': '<rootDir>/web/test/file-stub.js' },
    },
    {
      // docker-compose.yml on podman through testcontainers: `npm run test:containers` only.
      ...node,
      displayName: 'containers',
      testMatch: ['<rootDir>/test/containers/**/*.test.ts'],
    },
    {
      ...node,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
    },
  ],
};
