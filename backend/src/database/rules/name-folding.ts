import type { SchemaRule } from './schema-rule.js';

/**
 * Names compared without case or accents (José finds Jose), for people search and its trigram indexes.
 * Tested by test/friends/search.int-spec.ts.
 */
export const nameFolding: SchemaRule = {
  name: 'name-folding',
  sql: String.raw`
CREATE OR REPLACE FUNCTION public.fold_for_search(text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
AS $function$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $function$;
`,
};
