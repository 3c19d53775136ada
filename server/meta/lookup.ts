import type { AppContext } from '../context';
import type { Entity } from '../definitions/registry';

/** The entity named by `{ module, name }` in a body, or undefined. */
export function entityFromBody(ctx: AppContext, body: Record<string, unknown>): Entity | undefined {
  const { module, name } = body;
  if (typeof module !== 'string' || typeof name !== 'string') return undefined;
  return ctx.registry.byEntityKey(`${module}.${name}`);
}
