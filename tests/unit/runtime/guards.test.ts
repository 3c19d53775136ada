/** Route rules of spec sections 5 and 6. */
import { describe, expect, it } from 'vitest';
import {
  canActivateChild,
  checkShellRoute,
  guestOnly,
  moduleAccess,
  requireToken,
  type GuardState,
} from '../../../runtime/guards';

const staff: GuardState = { hasToken: true, isVendor: false, isCustomer: false, validRoutes: [] };
const vendor: GuardState = {
  hasToken: true,
  isVendor: true,
  isCustomer: false,
  validRoutes: ['supplyChain'],
};
const customer: GuardState = { ...vendor, isVendor: false, isCustomer: true, validRoutes: ['sales'] };
const refused = { allow: false, redirect: '/', toast: 'YouDoNotHavePermissionToAccessThisSection' };

describe('guards', () => {
  it('no token → /login, except /security/changePassword', () => {
    expect(requireToken('/sales/customer', { hasToken: false })).toEqual({
      allow: false,
      redirect: '/login',
    });
    expect(requireToken('/', { hasToken: false })).toEqual({ allow: false, redirect: '/login' });
    expect(requireToken('/security/changePassword', { hasToken: false })).toEqual({ allow: true });
    expect(requireToken('/security/changePassword/', { hasToken: false })).toEqual({ allow: true });
    expect(requireToken('/sales/customer', { hasToken: true })).toEqual({ allow: true });
  });

  it('a signed-in user on /login or /forgot-password goes to the root', () => {
    expect(guestOnly({ hasToken: true })).toEqual({ allow: false, redirect: '/' });
    expect(guestOnly({ hasToken: false })).toEqual({ allow: true });
  });

  it('staff are checked only for a token', () => {
    expect(moduleAccess('/accounting/voucher', staff)).toEqual({ allow: true });
  });

  it('vendor/customer: deep routes outside their menu are refused with the access toast', () => {
    expect(moduleAccess('/sales/customer', vendor)).toEqual(refused);
    expect(moduleAccess('/supplyChain/vendor', vendor)).toEqual({ allow: true });
    expect(moduleAccess('/sales/customer/12', customer)).toEqual({ allow: true });
    expect(moduleAccess('/accounting/voucher?x=1', customer)).toEqual(refused);
  });

  it('vendor/customer: shallow routes and the change-password page pass', () => {
    expect(moduleAccess('/', vendor)).toEqual({ allow: true });
    expect(moduleAccess('/sales', vendor)).toEqual({ allow: true });
    expect(moduleAccess('/security/changePassword', vendor)).toEqual({ allow: true });
  });

  it('checkShellRoute applies the token rule first', () => {
    expect(checkShellRoute('/sales/customer', { ...vendor, hasToken: false })).toEqual({
      allow: false,
      redirect: '/login',
    });
    expect(checkShellRoute('/sales/customer', vendor)).toEqual(refused);
  });

  it('the child-activation guard always allows', () => {
    expect(canActivateChild()).toEqual({ allow: true });
  });
});
