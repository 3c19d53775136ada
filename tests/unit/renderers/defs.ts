/** The shipped definitions, as the server sends them. */
import type { EntityDefinition } from '../../../runtime/shared/definition';
import customerJson from '../../../schemas/sales/customer.json';
import vendorJson from '../../../schemas/supplyChain/vendor.json';

export const customer = customerJson as unknown as EntityDefinition;
export const vendor = vendorJson as unknown as EntityDefinition;
