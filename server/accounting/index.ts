/**
 * The accounting effects of the write pipeline: vouchers write the general ledger when final
 * (ledgerEffect.ts), documents that declare `posting` post their voucher (postingEffect.ts).
 * Registered once when the app is built (server/app.ts); registering again replaces them.
 */
import { registerLedgerEffect } from './ledgerEffect';
import { registerPostingEffect } from './postingEffect';

export function registerAccountingEffects(): void {
  registerLedgerEffect();
  registerPostingEffect();
}
