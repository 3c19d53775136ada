/**
 * The tenant (company) selector: shown when the user has more than one tenant. The choice is
 * stored (runtime/tenant/current.ts) and sent as the `tenant` header on every business call; a
 * change reloads the page so every screen reads under the new tenant. After a 303 the stored
 * tenant is forgotten and the list asked again: the selection falls back to one the user has.
 */
import { useEffect, useId } from 'react';
import { Label, Select } from '@fluentui/react-components';
import { useStore } from 'zustand';
import { useTranslation } from 'react-i18next';
import { chooseTenant, getTenant, setTenant, tenantStore } from '../../runtime/tenant/current';
import { loadTenants } from '../../runtime/tenant/tenants';
import { useLoad } from '../../renderers/hooks/useLoad';

export function switchTenant(next: string): void {
  if (next === getTenant()) return;
  setTenant(next);
  window.location.reload();
}

export function TenantSelector() {
  const { t } = useTranslation();
  const id = useId();
  const current = useStore(tenantStore, (s) => s.current);
  const lost = useStore(tenantStore, (s) => s.lost);
  // a 303 (the stored tenant lost) toasts and forgets it through the catalogue; other failures
  // of this background call stay quiet, as the period list's do. After a 303 `lost` changes and
  // the list is asked again.
  const tenants = useLoad(() => loadTenants({ background: true, silentExcept: [303] }), [lost]).data;
  useEffect(() => {
    if (!tenants) return;
    const chosen = chooseTenant(tenants, getTenant());
    if (chosen !== getTenant()) setTenant(chosen);
  }, [tenants]);

  if (!tenants || tenants.length < 2) return null;
  const name = (code: string) => t(`shell.tenants.${code}`, { defaultValue: code });
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
      <Label htmlFor={id}>{t('shell.tenant')}</Label>
      <Select id={id} value={current ?? ''} onChange={(_, d) => switchTenant(d.value)}>
        {tenants.map((code) => (
          <option key={code} value={code}>
            {name(code)}
          </option>
        ))}
      </Select>
    </div>
  );
}
