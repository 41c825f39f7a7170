module.exports = {
  testEnvironment: 'jsdom',
  // Component tests wait for the screen to settle (findBy…); on a 2-core runner shared with builds a render can
  // take several seconds, which is not a failure of the component. No test asserts on time.
  testTimeout: 30_000,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
    ],
  },
};
