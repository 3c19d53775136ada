/**
 * The chosen tenant (company): localStorage `tenant`. The request pipeline sends it as the
 * `tenant` header on every business call (docs/api.md "Licence, branches, stock-taking,
 * tenants"). A 303 NotAccessTenants answer forgets it (the error catalogue), and the shell's
 * selector then chooses again among the tenants the user still has.
 */
import { createStore } from 'zustand/vanilla';

const KEY = 'tenant';

function readStored(): string | null {
  if (typeof localStorage === 'undefined') return null;
  const value = localStorage.getItem(KEY);
  return value && value.trim() ? value : null;
}

/**
 * Subscribable copy of the stored value. `lost` counts 303 answers, so the selector asks again;
 * `generation` counts tenants chosen to replace a forgotten one, so the shell draws its content
 * again under the new tenant.
 */
export const tenantStore = createStore<{ current: string | null; lost: number; generation: number }>(() => ({
  current: readStored(),
  lost: 0,
  generation: 0,
}));

/** A tenant was forgotten (303) and none chosen since. */
let replacing = false;

export function getTenant(): string | null {
  return readStored();
}

export function setTenant(tenant: string | null): void {
  if (tenant) localStorage.setItem(KEY, tenant);
  else localStorage.removeItem(KEY);
  const next = tenant !== null && replacing;
  if (tenant) replacing = false;
  tenantStore.setState((s) => ({ current: tenant, generation: next ? s.generation + 1 : s.generation }));
}

/** A 303 answer: the stored tenant is not (or no longer) the user's; forget it. */
export function forgetTenant(): void {
  setTenant(null);
  replacing = true;
  tenantStore.setState((s) => ({ lost: s.lost + 1 }));
}

/**
 * The tenant to keep once the user's list is known: the stored one while the user still has it,
 * else the first of the list (the server puts the default 'main' first).
 */
export function chooseTenant(list: readonly string[], stored: string | null): string | null {
  if (stored && list.includes(stored)) return stored;
  return list[0] ?? null;
}
