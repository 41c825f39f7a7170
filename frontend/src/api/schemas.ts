/**
 * The API's types, generated from the backend's OpenAPI document (`backend/openapi.json`) into `generated.ts`
 * with its endpoints by `npm run codegen -w frontend`; `npm test` fails when they differ (`contract` target).
 * Features name what they use from here instead of keeping their own copies.
 */
export type { Schemas } from './generated';
