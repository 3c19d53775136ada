/**
 * Definition and permission loaders with in-memory caches (per language for definitions, whose
 * titles are translated by the server). The permission lookup never drives the loading indicator
 * (http/loading.ts skips GetEntityPermissions URLs).
 */
import type { EntityDefinition, EntityPermissions } from '../shared/definition';
import { api } from '../http/pipeline';
import { getLang } from '../lang';

const definitions = new Map<string, Promise<EntityDefinition>>();
const permissions = new Map<string, Promise<EntityPermissions>>();

function cached<T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  let hit = cache.get(key);
  if (!hit) {
    hit = load();
    cache.set(key, hit);
    hit.catch(() => cache.delete(key));
  }
  return hit;
}

export function loadDefinition(module: string, name: string): Promise<EntityDefinition> {
  return cached(definitions, `${getLang()}:${module}.${name}`, () =>
    api.post<EntityDefinition>('Meta/Entity/GetDefinition', { module, name }),
  );
}

export function loadPermissions(module: string, name: string): Promise<EntityPermissions> {
  return cached(permissions, `${module}.${name}`, () =>
    api.post<EntityPermissions>('Security/Permission/GetEntityPermissions', { module, name }),
  );
}

export function clearMetaCaches(): void {
  definitions.clear();
  permissions.clear();
}
