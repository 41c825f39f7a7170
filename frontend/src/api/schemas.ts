import type { components, operations } from './schema';

/**
 * The API's types, generated from the backend's OpenAPI document (`backend/openapi.json`) into `schema.d.ts`
 * by `npm run codegen -w frontend`; `npm test` fails when they differ (`contract` target). Features name
 * what they use from here instead of keeping their own copies.
 */
export type Schemas = components['schemas'];

/** An operation's query parameters, for the reads that take filters. */
export type QueryOf<Id extends keyof operations> = NonNullable<operations[Id]['parameters']['query']>;
