/**
 * Company-controlled fields (scope.partyEditable) hold for users of every party kind a row is
 * scoped to: the kind of `scope.party` and each kind of `scope.also` (a cheque's vendor users as
 * well as its customer users), each with its own party field set by the server.
 */
import { describe, expect, it } from 'vitest';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import type { CurrentUser } from '../../../server/context';
import { partyReadOnly } from '../../../server/security/partyWrite';

const def: Pick<EntityDefinition, 'schema' | 'scope'> = {
  schema: {
    type: 'object',
    properties: {
      customer: { type: 'integer' },
      vendor: { type: 'integer' },
      amount: { type: 'integer' },
      note: { type: 'string' },
    },
  },
  scope: {
    party: 'customer',
    partyKind: 'customer',
    partyEditable: ['note'],
    also: [{ party: 'vendor', partyKind: 'vendor' }],
  },
};

const user = (kind: 'vendor' | 'customer' | null): CurrentUser => ({
  id: 9,
  username: 'u',
  displayName: 'u',
  role: kind ?? 'staff',
  isVendor: kind === 'vendor',
  isCustomer: kind === 'customer',
  partyId: kind ? 4 : null,
  pwdChange: false,
});

describe('partyReadOnly', () => {
  it("keeps every field but the editable ones and the user's own party field read-only", () => {
    expect(partyReadOnly(def, user('customer')).sort()).toEqual(['amount', 'vendor']);
    // the kind of scope.also: its own party field is the server's, the rest as partyEditable says
    expect(partyReadOnly(def, user('vendor')).sort()).toEqual(['amount', 'customer']);
  });

  it('leaves staff and unscoped definitions alone', () => {
    expect(partyReadOnly(def, user(null))).toEqual([]);
    expect(
      partyReadOnly(
        { schema: def.schema, scope: { ...def.scope, partyEditable: undefined } },
        user('vendor'),
      ),
    ).toEqual([]);
  });
});
