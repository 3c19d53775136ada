/**
 * What a workflow allows a row (runtime/shared/workflow.ts), on the shipped cheque and voucher:
 * the initial state by the row's values, the transitions whose `when` holds, and the states a
 * final row may stand in (what the start's backfill keeps: server/entities/lifecycleBackfill.ts).
 */
import { describe, expect, it } from 'vitest';
import type { EntityDefinition, WorkflowDefinition } from '../../../runtime/shared/definition';
import {
  findTransition,
  initialState,
  initialStates,
  statesFrom,
  transitionsFrom,
} from '../../../runtime/shared/workflow';
import chequeJson from '../../../schemas/treasury/cheque.json';
import voucherJson from '../../../schemas/accounting/voucher.json';

const cheque = (chequeJson as unknown as EntityDefinition).workflow!;
const voucher = (voucherJson as unknown as EntityDefinition).workflow!;
const received = { direction: 'received' };
const issued = { direction: 'issued' };
const targets = (wf: WorkflowDefinition, from: string, values: Record<string, unknown>, role?: string) =>
  transitionsFrom(wf, from, values, role).map((t) => t.to);

describe('a workflow with conditions', () => {
  it('starts a new row in the state its values choose', () => {
    expect(initialState(cheque, received)).toBe('inHand');
    expect(initialState(cheque, issued)).toBe('issued');
    expect(initialState(cheque, {})).toBe('inHand');
    expect(initialStates(cheque)).toEqual(['inHand', 'issued']);
    expect(initialState(voucher, {})).toBe('draft');
  });

  it('offers the transitions whose `when` holds for the row (and the role may make)', () => {
    expect(targets(cheque, 'inHand', received)).toEqual(['deposited']);
    expect(targets(cheque, 'deposited', received)).toEqual(['cleared', 'bounced']);
    expect(targets(cheque, 'bounced', received)).toEqual(['returned', 'protested']);
    // an issued cheque is never deposited, returned or protested
    expect(targets(cheque, 'issued', issued)).toEqual(['cleared', 'bounced']);
    expect(targets(cheque, 'bounced', issued)).toEqual([]);
    expect(targets(cheque, 'inHand', received, 'customer')).toEqual([]);
    expect(findTransition(cheque, 'inHand', 'deposited', received)?.posting).toBeDefined();
    expect(findTransition(cheque, 'inHand', 'deposited', issued)).toBeUndefined();
  });

  it('knows the states a final row may stand in after the states it is finalised from', () => {
    // a final cheque moves on: deposited, cleared, bounced, returned, protested
    expect([...statesFrom(cheque, ['inHand', 'issued'])].sort()).toEqual(
      ['bounced', 'cleared', 'deposited', 'inHand', 'issued', 'protested', 'returned'].sort(),
    );
    // an approved voucher has nowhere to go
    expect([...statesFrom(voucher, ['approved'])]).toEqual(['approved']);
  });
});
