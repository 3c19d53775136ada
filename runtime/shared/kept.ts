/**
 * Values a document keeps as they were (definition `kept`, docs/tax.md): on every save of a draft
 * and on Finalise the server copies them from the row a lookup names or from a setting; once the
 * document is final they stay (a customer's later economic code does not change its invoices).
 * What the client sends for them is not taken.
 *
 * Example (sales invoice):
 *   "kept": {
 *     "fromLookup": { "customer": { "buyerEconomicCode": "economicCode", "customerGroup": "group" } },
 *     "fromSettings": { "sellerEconomicCode": "company.economicCode" }
 *   }
 */
export interface KeptDefinition {
  /** A lookup field of the document → { document field: field of the looked-up row }. */
  fromLookup?: Record<string, Record<string, string>>;
  /** A document field → the key of the setting whose value it keeps. */
  fromSettings?: Record<string, string>;
}

/** The document fields a declaration fills. */
export function keptFields(kept: KeptDefinition | undefined): string[] {
  if (!kept) return [];
  return [
    ...Object.values(kept.fromLookup ?? {}).flatMap((fill) => Object.keys(fill)),
    ...Object.keys(kept.fromSettings ?? {}),
  ];
}
