import type { components } from './schema';

/**
 * The API's types, generated from the backend's OpenAPI document (`backend/openapi.json`) into `schema.d.ts`
 * by `npm run codegen -w frontend`; `npm test` fails when they differ (`contract` target). Features name
 * what they use from here instead of keeping their own copies.
 */
export type Schemas = components['schemas'];
