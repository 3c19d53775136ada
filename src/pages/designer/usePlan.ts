/**
 * Designer/Plan of the draft, asked again a moment after the draft stops changing. Not through
 * useLoad: the last plan stays shown while the next draft waits its delay (no flash per key), and
 * a draft replaced before its delay is never asked.
 */
import { useEffect, useState } from 'react';
import type { Plan } from '../../../renderers/designer';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import type { ServerMessage } from '../../../runtime/shared/envelope';
import { designerApi, DraftRefused } from './api';

export interface PlanState {
  of: EntityDefinition | null;
  plan: Plan | null;
  refused: { fields: ServerMessage[]; business: string[] } | null;
}

export const PLAN_DELAY_MS = 500;

export function usePlan(draft: EntityDefinition, enabled: boolean): PlanState {
  const [state, setState] = useState<PlanState>({ of: null, plan: null, refused: null });
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const timer = setTimeout(() => {
      designerApi.plan(draft).then(
        (plan) => live && setState({ of: draft, plan, refused: null }),
        (err: unknown) => {
          if (live && err instanceof DraftRefused)
            setState({ of: draft, plan: null, refused: { fields: err.fields, business: err.business } });
        },
      );
    }, PLAN_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [draft, enabled]);
  return state;
}
