/**
 * Whether a schema has anything RJSF resolves against the data or other schemas. RESOLVED are the
 * keywords retrieveSchema resolves; a schema with none of them, at any depth, is retrieved as it is
 * (additionalProperties only when not false).
 */
const RESOLVED = new Set([
  '$ref',
  'if',
  'then',
  'else',
  'allOf',
  'anyOf',
  'oneOf',
  'dependencies',
  'dependentSchemas',
  'patternProperties',
]);
const plain = new WeakMap<object, boolean>();

/** True when `schema` has nothing retrieveSchema would resolve (checked once per schema object). */
export function isPlainSchema(schema: unknown): boolean {
  if (schema === null || typeof schema !== 'object') return true;
  let known = plain.get(schema);
  if (known === undefined) {
    known = Array.isArray(schema)
      ? schema.every(isPlainSchema)
      : Object.entries(schema).every(([k, v]) =>
          k === 'additionalProperties' ? v === false : !RESOLVED.has(k) && isPlainSchema(v),
        );
    plain.set(schema, known);
  }
  return known;
}
