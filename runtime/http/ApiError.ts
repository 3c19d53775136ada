/** The error every failed call of the pipeline rejects with, after the catalogue has handled it. */
import type { Envelope } from '../shared/envelope';

export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 for a network failure. */
    readonly status: number,
    /** The envelope when the server sent one (417 and business answers). */
    readonly envelope: Envelope | null,
    /** Raw body when it was not an envelope (OAuth errors, text). */
    readonly body: unknown = null,
  ) {
    super(`HTTP ${status}`);
    this.name = 'ApiError';
  }
}
