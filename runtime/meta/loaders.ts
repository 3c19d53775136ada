/**
 * Definition and permission loaders with in-memory caches (per language for definitions, whose
 * titles are translated by the server). The permission lookup never drives the loading indicator
 * (http/loading.ts skips GetEntityPermissions URLs). A prefetch (the shell's menu, on hover or
 * focus of an entity's link) fills the same caches silently and without the loading indicator; a
 * caller that finds a prefetch which then fails asks again itself, so its failure is reported as
 * it would have been without the prefetch.
 */
import type { EntityDefinition, EntityPermissions } from '../shared/definition';
import { api, type CallOptions } from '../http/pipeline';
import { getLang } from '../lang';

interface Entry<T> {
  promise: Promise<T>;
  prefetch: boolean;
}

const definitions = new Map<string, Entry<EntityDefinition>>();
const permissions = new Map<string, Entry<EntityPermissions>>();

const PREFETCH: CallOptions = { silent: true, background: true };

function cached<T>(
  cache: Map<string, Entry<T>>,
  key: string,
  load: (options: CallOptions) => Promise<T>,
  prefetch = false,
): Promise<T> {
  const hit = cache.get(key);
  if (hit) {
    if (!hit.prefetch || prefetch) return hit.promise;
    return hit.promise.catch(() => cached(cache, key, load));
  }
  const entry: Entry<T> = { promise: load(prefetch ? PREFETCH : {}), prefetch };
  cache.set(key, entry);
  entry.promise.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return entry.promise;
}

const definitionKey = (module: string, name: string) => `${getLang()}:${module}.${name}`;
const getDefinition = (module: string, name: string) => (options: CallOptions) =>
  api.post<EntityDefinition>('Meta/Entity/GetDefinition', { module, name }, options);
const getPermissions = (module: string, name: string) => (options: CallOptions) =>
  api.post<EntityPermissions>('Security/Permission/GetEntityPermissions', { module, name }, options);

export function loadDefinition(module: string, name: string): Promise<EntityDefinition> {
  return cached(definitions, definitionKey(module, name), getDefinition(module, name));
}

export function loadPermissions(module: string, name: string): Promise<EntityPermissions> {
  return cached(permissions, `${module}.${name}`, getPermissions(module, name));
}

/**
 * The same, asked in the background (the shell's period selector): no error shown, no loading
 * indicator; a failure is the caller's to handle.
 */
export function loadPermissionsQuietly(module: string, name: string): Promise<EntityPermissions> {
  return cached(permissions, `${module}.${name}`, getPermissions(module, name), true);
}

/**
 * Starts loading what the entity's screen asks first (definition and permissions) unless cached:
 * no error shown, no loading indicator, nothing answered. Only for entities the user's menu shows
 * (the requests the screen would send on a click).
 */
export function prefetchEntityMeta(module: string, name: string): void {
  const ignore = () => undefined;
  cached(definitions, definitionKey(module, name), getDefinition(module, name), true).catch(ignore);
  cached(permissions, `${module}.${name}`, getPermissions(module, name), true).catch(ignore);
}

export function clearMetaCaches(): void {
  definitions.clear();
  permissions.clear();
}
