import type { Kysely } from 'kysely';

/**
 * Entity tables are made at run time from definitions, so Kysely cannot know their columns at
 * compile time. Code that touches them uses this one handle; table and column names reaching it
 * come only from definitions and are whitelisted (runtime/shared/definition.ts IDENTIFIER).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema is data, not a type
export type Untyped = Kysely<any>;
