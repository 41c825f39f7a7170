module.exports = {
  // jsdom with Node's fetch, Request and streams kept (plain jsdom drops them), and Node's export conditions, so
  // Mock Service Worker (src/testing/api-server.ts) can answer the app's requests in page tests.
  testEnvironment: 'jest-fixed-jsdom',
  testEnvironmentOptions: { customExportConditions: [''] },
  // Component tests wait for the screen to settle (findBy…); on a 2-core runner shared with builds a render can
  // take several seconds, which is not a failure of the component. No test asserts on time. The test and
  // Testing Library's own waits (src/testing/setup-dom.ts) both allow for it.
  testTimeout: 30_000,
  // Components import their CSS for Vite; Jest does not load it.
  moduleNameMapper: { '\\.css$': '<rootDir>/src/testing/style-stub.cjs' },
  setupFilesAfterEnv: ['<rootDir>/src/testing/setup-dom.ts'],
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'],
  // MSW's own dependencies ship only as ES modules; Jest runs CommonJS here, so SWC compiles them too.
  transformIgnorePatterns: ['/node_modules/(?!(rettime|until-async|@open-draft|@mswjs|outvariant|strict-event-emitter|headers-polyfill|is-node-process)/)'],
  transform: {
    '^.+\\.(t|j)sx?$|^.+\\.mjs$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } },
      },
    ],
  },
};
