/**
 * Payroll run computation (docs/api.md, POST /api/Salary/PayrollRun/Compute): one payslip line per
 * employee who is active and hired on or before the run's end date:
 *   baseSalary       = HR.employee.baseSalary (monthly, Rial)
 *   unpaidLeaveDays  = sum of `days` of the employee's approved unpaid leaves starting in the run
 *   leaveDeduction   = round(baseSalary / 30 × unpaidLeaveDays)
 *   insurance        = round((baseSalary − leaveDeduction) × 7%)          (employee's share)
 *   tax              = round(max(0, baseSalary − leaveDeduction − insurance − TAX_EXEMPT) × 10%)
 *   net              = baseSalary − leaveDeduction − insurance − tax
 * Totals: employees, totalGross (Σ base), totalDeductions (Σ leave + insurance + tax), totalNet.
 */
import type { Kysely } from 'kysely';
import { tableName } from '../definitions/registry';
import type { SystemTables } from '../db/types';
import type { Untyped } from '../db/untyped';
import type { Row } from '../entities/rows';

const EMPLOYEES = tableName({ module: 'HR', name: 'employee' });
const LEAVES = tableName({ module: 'HR', name: 'leave' });

export const INSURANCE_RATE = 0.07;
export const TAX_RATE = 0.1;
/** Monthly income tax exemption assumed for 1405 (Rial). */
export const TAX_EXEMPT = 240_000_000;

export interface Payslip {
  employee: number;
  baseSalary: number;
  unpaidLeaveDays: number;
  leaveDeduction: number;
  insurance: number;
  tax: number;
  net: number;
}

export interface PayrollResult {
  lines: Payslip[];
  totals: { employees: number; totalGross: number; totalDeductions: number; totalNet: number };
}

/** One payslip from a base salary and unpaid leave days. */
export function payslip(employee: number, baseSalary: number, unpaidLeaveDays: number): Payslip {
  const leaveDeduction = Math.round((baseSalary / 30) * unpaidLeaveDays);
  const insurance = Math.round((baseSalary - leaveDeduction) * INSURANCE_RATE);
  const tax = Math.round(Math.max(0, baseSalary - leaveDeduction - insurance - TAX_EXEMPT) * TAX_RATE);
  const net = baseSalary - leaveDeduction - insurance - tax;
  return { employee, baseSalary, unpaidLeaveDays, leaveDeduction, insurance, tax, net };
}

/** Payslips and totals of a run with `startDate`/`endDate` (ISO dates) from the stored HR rows. */
export async function computePayroll(db: Kysely<SystemTables>, run: Row): Promise<PayrollResult> {
  const u = db as unknown as Untyped;
  const start = String(run.startDate);
  const end = String(run.endDate);
  const employees = (await u
    .selectFrom(EMPLOYEES)
    .select(['id', 'baseSalary', 'hireDate', 'active'])
    .orderBy('id')
    .execute()) as { id: unknown; baseSalary: unknown; hireDate: unknown; active: unknown }[];
  const leaves = (await u
    .selectFrom(LEAVES)
    .select(['employee', 'days'])
    .where('status', '=', 'approved')
    .where('leaveType', '=', 'unpaid')
    .where('startDate', '>=', start)
    .where('startDate', '<=', end)
    .execute()) as { employee: unknown; days: unknown }[];
  const unpaid = new Map<number, number>();
  for (const l of leaves)
    unpaid.set(Number(l.employee), (unpaid.get(Number(l.employee)) ?? 0) + Number(l.days));
  const lines = employees
    .filter(
      (e) => (e.active === true || Number(e.active) === 1) && (!e.hireDate || String(e.hireDate) <= end),
    )
    .map((e) => payslip(Number(e.id), Number(e.baseSalary ?? 0), unpaid.get(Number(e.id)) ?? 0));
  const sum = (f: (p: Payslip) => number) => lines.reduce((a, p) => a + f(p), 0);
  return {
    lines,
    totals: {
      employees: lines.length,
      totalGross: sum((p) => p.baseSalary),
      totalDeductions: sum((p) => p.leaveDeduction + p.insurance + p.tax),
      totalNet: sum((p) => p.net),
    },
  };
}
