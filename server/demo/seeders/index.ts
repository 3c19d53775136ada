/**
 * Module seeders run in order on a fresh database, after the core demo rows and users
 * (server/demo/seed.ts). Each module adds its file here: demo rows (scaled by ctx.config.demoVolume),
 * role permissions beyond the staff default and menu access for vendor/customer users.
 */
import type { Seeder } from './seeder';
import { seedReports } from './reports';
import { seedInventory } from './inventory';
import { seedPlanActuals, seedSupplyChain } from './supplyChain';
import { seedChain } from './chain';
import { seedHr } from './hr';
import { seedTransport } from './transport';
import { seedFinance } from './finance';
import { seedLowcode } from './lowcode';
import { seedLifecycle } from './lifecycle';
import { seedOpeningStock, seedStock } from './stock';
import { seedOpening } from './opening';
import { seedLedger } from './ledger';
import { seedTreasury } from './treasury';
import { seedDocumentNumbers, seedNumbers } from './numbers';
import { seedTax } from './tax';
import { seedAutomations } from './automations';

export type { SeedContext, Seeder } from './seeder';

// finance after inventory and supply chain: its invoices and price lists use the items
export const SEEDERS: Seeder[] = [
  // tax codes and the company's identity: before the items (their codes) and the invoices
  seedTax,
  seedInventory,
  seedSupplyChain,
  seedChain,
  seedHr,
  seedTransport,
  seedFinance,
  seedReports,
  seedLowcode,
  // the demo webhook endpoint (disabled)
  seedAutomations,
  // documents final and cancelled: after every module's documents exist
  seedLifecycle,
  // the opening stock documents the final documents' issues need (dated the first day)
  seedOpeningStock,
  // their numbers, in date order, before anything names them (stock entries, vouchers)
  seedDocumentNumbers,
  // the stock entries of the final documents
  seedStock,
  // the opening voucher: cash, banks and the opening stock's value (V-1405-000001)
  seedOpening,
  // plans against actuals: after every module's invoices and stock entries
  seedPlanActuals,
  // the vouchers and ledger entries of the final documents and vouchers
  seedLedger,
  // cheques with their moves, allocations, a bank statement: vouchers of their own (bulk)
  seedTreasury,
  // numbers of the vouchers and of what was made final since, in date order
  seedNumbers,
];
