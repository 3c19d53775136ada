/**
 * Secret fields (declared by an entity's rule, rules/index.ts: `secretFields`), e.g. the temporary
 * password of security.passwordResetRequest. Their values are taken out of a Create/Update before
 * anything else sees them (computed fields, rules, field checks), handed to the entity's rules alone, and
 * never stored: so no row, audit entry, GetList/Get/Export answer or rule can hold them.
 */
import type { Entity } from '../definitions/registry';
import { badRequest } from '../http/errors';
import { rulesOf } from './rules';
import type { Row } from './rows';

export function secretFields(entity: Entity): readonly string[] {
  return rulesOf(entity.key).flatMap((rule) => rule.secretFields ?? []);
}

/** `values` without the secret fields, and the secrets (strings only; null/'' mean not given). */
export function takeSecrets(entity: Entity, values: unknown): { values: unknown; secrets: Row } {
  const names = secretFields(entity);
  if (!names.length || typeof values !== 'object' || values === null || Array.isArray(values))
    return { values, secrets: {} };
  const rest: Row = { ...(values as Row) };
  const secrets: Row = {};
  for (const name of names) {
    const v = rest[name];
    delete rest[name];
    if (v === undefined || v === null || v === '') continue;
    if (typeof v !== 'string') throw badRequest();
    secrets[name] = v;
  }
  return { values: rest, secrets };
}

/** Values without the secret fields (whatever a rule may have put there): what is stored. */
export function withoutSecrets(entity: Entity, values: Row): Row {
  const names = secretFields(entity);
  if (!names.some((n) => n in values)) return values;
  const out: Row = { ...values };
  for (const name of names) delete out[name];
  return out;
}
