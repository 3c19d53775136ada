/**
 * The document lifecycle's names (the contract of issue #23): a definition with `lifecycle` holds
 * its state in `docState` (draft → final → cancelled), the cancel's reason in `cancelReason` and the
 * cancelled document an amendment copies in `amendedFrom`. (The server's expansion of a definition
 * with these fields lives here too once the server side lands.)
 */
export const DOC_STATE_FIELD = 'docState';
export const CANCEL_REASON_FIELD = 'cancelReason';
export const AMENDED_FROM_FIELD = 'amendedFrom';
export const DOC_STATES = ['draft', 'final', 'cancelled'] as const;
