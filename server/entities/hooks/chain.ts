/** Several hooks on one entity, run in order: each sees the values the previous one returned. */
import type { EntityHooks } from './index';

export function chainHooks(...hooks: EntityHooks[]): EntityHooks {
  return {
    async beforeWrite(ctx) {
      let values = ctx.values;
      for (const hook of hooks) if (hook.beforeWrite) values = await hook.beforeWrite({ ...ctx, values });
      return values;
    },
  };
}
