// NestJS 12 and some of its dependencies are ESM-only; Jest runs CommonJS, so swc transforms both our
// TypeScript and those packages into CommonJS (the ESM-only list below grows when a new one appears).
const transform = {
  '^.+\\.(t|j|mj)s$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};
const esmPackages = [
  '@nestjs',
  'file-type',
  'load-esm',
  'uid',
  'strtok3',
  'token-types',
  '@tokenizer',
  'uint8array-extras',
  '@borewit',
  'openid-client',
  'oauth4webapi',
  'jose',
  'oidc-provider',
  'otplib',
  '@otplib',
  '@scure',
  '@noble',
  'quick-lru',
  'nanoid',
  'eta',
  '@koa',
  'koa',
  'content-disposition',
];
const common = {
  transform,
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
  testEnvironment: 'node',
};
module.exports = {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'int',
      testMatch: ['<rootDir>/test/**/*.int-spec.ts'],
      globalSetup: '<rootDir>/test/global-setup.mjs',
      globalTeardown: '<rootDir>/test/global-teardown.mjs',
      setupFilesAfterEnv: ['<rootDir>/test/setup-timeout.ts'],
    },
    {
      // Crash-only start-up: runs the compiled app as `npm start` does and kills its processes for real;
      // each app brings its own embedded PostgreSQL, so no global server.
      ...common,
      displayName: 'crash',
      testMatch: ['<rootDir>/test/crash/**/*.crash-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/setup-timeout.ts'],
    },
    {
      // Several built instances (backend/dist, so the target depends on build) behind HAProxy, on a
      // database of the same PostgreSQL as the int tests and a Redis of their own, restarted and killed
      // under load.
      ...common,
      displayName: 'cluster',
      testMatch: ['<rootDir>/test/cluster/**/*.cluster-spec.ts'],
      globalSetup: '<rootDir>/test/global-setup.mjs',
      globalTeardown: '<rootDir>/test/global-teardown.mjs',
      setupFilesAfterEnv: ['<rootDir>/test/setup-timeout.ts'],
    },
  ],
};
