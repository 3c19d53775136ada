/** Security/Account/GetTenants: the signed-in user's tenants, default ('main') first. */
import { api, type CallOptions } from '../http/pipeline';

export async function loadTenants(options: CallOptions = {}): Promise<string[]> {
  const list = await api.post<unknown>('Security/Account/GetTenants', {}, options);
  return Array.isArray(list) ? list.filter((t): t is string => typeof t === 'string') : [];
}
