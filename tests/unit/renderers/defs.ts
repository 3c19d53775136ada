/** The shipped definitions, as the server sends them. */
import type { EntityDefinition } from '../../../runtime/shared/definition';
import customerJson from '../../../schemas/sales/customer.json';
import vendorJson from '../../../schemas/supplyChain/vendor.json';

export const customer = customerJson as unknown as EntityDefinition;
export const vendor = vendorJson as unknown as EntityDefinition;
import invoiceJson from '../../../schemas/sales/invoice.json';
import voucherJson from '../../../schemas/accounting/voucher.json';

export const invoice = invoiceJson as unknown as EntityDefinition;
export const voucher = voucherJson as unknown as EntityDefinition;
