// One jest run for the whole repository: pure logic, API against a real FerretDB, React in jsdom,
// and end-to-end flows in Chromium. `npm test` (scripts/test.mjs) runs it and prints the totals.
const swcNode = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      target: 'es2022',
      transform: { legacyDecorator: true, decoratorMetadata: true },
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];
const swcWeb = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      target: 'es2022',
      transform: { react: { runtime: 'automatic' } },
    },
    module: { type: 'commonjs' },
  },
];
const sharedSource = {
  '^@curator/shared$': '<rootDir>/shared/src/index.ts',
  '^@curator/shared/(.*)$': '<rootDir>/shared/src/$1',
};
const WEB_APPS = ['shell', 'mfe-catalog', 'mfe-workspace', 'mfe-reports', 'mfe-admin'];

module.exports = {
  testTimeout: 30000,
  projects: [
    {
      displayName: 'unit',
      rootDir: __dirname,
      testEnvironment: 'node',
      roots: [
        '<rootDir>/shared/src',
        '<rootDir>/api/src',
        '<rootDir>/shell/src',
        '<rootDir>/scripts',
        '<rootDir>/tools',
      ],
      testMatch: ['**/*.test.ts'],
      transform: { '^.+\\.ts$': swcNode },
      moduleNameMapper: sharedSource,
    },
    {
      displayName: 'api',
      rootDir: __dirname,
      testEnvironment: 'node',
      roots: ['<rootDir>/api/src', '<rootDir>/api/test'],
      testMatch: ['**/*.spec.ts'],
      transform: { '^.+\\.ts$': swcNode },
      moduleNameMapper: sharedSource,
      globalSetup: '<rootDir>/tools/jest/db-global-setup.cjs',
      globalTeardown: '<rootDir>/tools/jest/db-global-teardown.cjs',
    },
    {
      displayName: 'web',
      rootDir: __dirname,
      testEnvironment: '<rootDir>/tools/jest/jsdom-env.cjs',
      roots: [...WEB_APPS.map((a) => `<rootDir>/${a}/src`), '<rootDir>/shared/src'],
      testMatch: ['**/*.test.tsx'],
      transform: { '^.+\\.(t|j)sx?$': swcWeb },
      // @ant-design/icons' CommonJS build requires the ES-only builds of these two.
      transformIgnorePatterns: ['/node_modules/(?!(@ant-design/colors|@ant-design/fast-color)/)'],
      setupFilesAfterEnv: ['<rootDir>/tools/jest/setup-dom.ts'],
      moduleNameMapper: { ...sharedSource, '\\.(css|less)$': '<rootDir>/tools/jest/style-mock.cjs' },
    },
    {
      displayName: 'e2e',
      rootDir: __dirname,
      testEnvironment: 'node',
      roots: ['<rootDir>/e2e'],
      testMatch: ['**/*.e2e.ts'],
      transform: { '^.+\\.ts$': swcNode },
      moduleNameMapper: sharedSource,
      globalSetup: '<rootDir>/e2e/harness/global-setup.cjs',
      globalTeardown: '<rootDir>/e2e/harness/global-teardown.cjs',
    },
  ],
};
