/** The shipped definitions, as the server sends them. */
import type { EntityDefinition } from '../../../runtime/shared/definition';
import customerJson from '../../../schemas/sales/customer.json';
import vendorJson from '../../../schemas/supplyChain/vendor.json';

export const customer = customerJson as unknown as EntityDefinition;
export const vendor = vendorJson as unknown as EntityDefinition;
import invoiceJson from '../../../schemas/sales/invoice.json';
import voucherJson from '../../../schemas/accounting/voucher.json';

/** A shipped document whose lookup column `field` of its lines is a free-text column instead. */
function withTextColumn(json: unknown, field: string): EntityDefinition {
  const def = structuredClone(json) as EntityDefinition;
  const lines = def.children!.lines!;
  lines.schema.properties[field] = { type: 'string', minLength: 1, maxLength: 120 };
  delete lines.fields[field]!.lookup;
  return def;
}

/**
 * The generic form and lines-grid tests type text into the first line column; the shipped
 * invoice and voucher look items and accounts up (tested with their own lookup cell editor).
 */
export const invoice = withTextColumn(invoiceJson, 'item');
export const voucher = withTextColumn(voucherJson, 'account');
export const shippedInvoice = invoiceJson as unknown as EntityDefinition;
