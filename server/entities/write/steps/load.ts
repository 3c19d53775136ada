/**
 * load (update, delete): the stored row within the writer's row scope and row rules (404 when absent or out of
 * scope), its version against the one the writer read (409 on another), and its lines. Written once
 * here for Update and Delete; the store step checks the version again in its statement.
 */
import { conflict, notFound } from '../../../http/errors';
import { readLines } from '../../lines';
import { toApiRow } from '../../rows';
import { findStored } from '../../stored';
import type { WriteStep } from '../state';
import { heldByRowRules } from './rowRules';

export const loadStep: WriteStep = {
  name: 'load',
  on: ['update', 'delete'],
  async run(w) {
    const id = w.request.id;
    if (id === undefined) throw notFound();
    // the row rules hold the user's writes; an effect's own keeps the party scope only
    const stored = await findStored(w.db, w.entity, w.user, id, heldByRowRules(w.request));
    if (!stored) throw notFound();
    const before = toApiRow(w.entity, stored);
    if (before.version !== w.request.version) throw conflict();
    w.before = before;
    w.linesBefore = w.entity.children.length ? await readLines(w.db, w.entity, id) : {};
  },
};
