/**
 * HR and salary demo data: employees (valid national codes, mobiles, hire dates), their contracts
 * and leave requests in fiscal year 1405, and one payroll run per month so far, computed by the
 * same code as POST /api/Salary/PayrollRun/Compute (server/operations/payroll.ts).
 */
import type { Seeder } from './seeder';
import { FIRST, LAST, nationalCode } from '../seedData';
import { DAYS_SO_FAR, day1405, insertBatch, insertBatchDocuments, pick, rng, type Values } from './batch';
import { MONTHS } from './supplyChain';
import { computePayroll } from '../../operations/payroll';

const DEPARTMENTS: [string, string][] = [
  ['sales', 'کارشناس فروش'],
  ['finance', 'حسابدار'],
  ['production', 'سرپرست تولید'],
  ['warehouse', 'انباردار'],
  ['transport', 'کارشناس حمل'],
  ['hr', 'کارشناس منابع انسانی'],
  ['it', 'برنامه‌نویس'],
];
const STREETS = ['خیابان آزادی', 'خیابان ولیعصر', 'بلوار کشاورز', 'خیابان انقلاب', 'خیابان شریعتی'];

export function digits(r: () => number, n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += Math.floor(r() * 10);
  return out;
}

export function mobile(r: () => number): string {
  return `09${pick(r, ['12', '13', '19', '35', '36', '01', '21', '33'])}${digits(r, 7)}`;
}

export const seedHr: Seeder = async ({ db, ctx }) => {
  const small = ctx.config.demoVolume === 'small';
  const r = rng(81405);
  const count = small ? 4 : 120;
  const employees: Values[] = [];
  for (let i = 0; i < count; i++) {
    const [department, position] = pick(r, DEPARTMENTS);
    employees.push({
      code: `P-${String(1001 + i)}`,
      fullName: `${pick(r, FIRST)} ${pick(r, LAST)}`,
      nationalCode: nationalCode(`${1 + Math.floor(r() * 8)}${digits(r, 8)}`),
      mobile: mobile(r),
      // most were hired in earlier years; some during 1405
      hireDate:
        r() < 0.8
          ? `20${String(12 + Math.floor(r() * 13))}-0${1 + Math.floor(r() * 9)}-1${Math.floor(r() * 9)}`
          : day1405(Math.floor(r() * 200)),
      department,
      position,
      baseSalary: (150 + Math.floor(r() * 350)) * 1_000_000,
      active: r() > 0.05,
      address: `تهران، ${pick(r, STREETS)}، پلاک ${1 + Math.floor(r() * 150)}`,
    });
  }
  const employeeIds = await insertBatch(db, ctx, 'HR.employee', employees);
  await insertBatch(
    db,
    ctx,
    'HR.contract',
    employeeIds.slice(0, small ? 2 : employeeIds.length).map((employee, i) => ({
      number: `Q-1405-${String(i + 1).padStart(4, '0')}`,
      employee,
      contractType: i % 5 === 0 ? 'permanent' : 'fixedTerm',
      startDate: '2026-03-21',
      endDate: i % 5 === 0 ? null : '2027-03-20',
      monthlySalary: Number(employees[i]?.baseSalary ?? 0),
      description: 'قرارداد کار سال ۱۴۰۵',
    })),
  );
  const leaves: Values[] = [];
  for (let i = 0; i < (small ? 3 : 300); i++) {
    const start = Math.floor(r() * (DAYS_SO_FAR - 10));
    const days = 1 + Math.floor(r() * 4);
    leaves.push({
      employee: pick(r, employeeIds),
      leaveType: pick(r, ['paid', 'paid', 'unpaid', 'sick']),
      startDate: day1405(start),
      endDate: day1405(start + days - 1),
      days,
      status: small ? 'approved' : pick(r, ['approved', 'approved', 'approved', 'requested', 'rejected']),
      reason: pick(r, ['امور شخصی', 'بیماری', 'سفر خانوادگی', 'مراسم عروسی']),
    });
  }
  await insertBatch(db, ctx, 'HR.leave', leaves);

  // one payroll run per finished month of 1405 (Farvardin .. Aban), paid except the last
  // small: four, so that drafts, a final and a cancelled run are shown (./lifecycle.ts)
  const runs = small ? 4 : 8;
  for (let m = 0; m < runs; m++) {
    const values: Values = {
      title: `حقوق ${MONTHS[m]} ۱۴۰۵`,
      year: 1405,
      month: m + 1,
      startDate: day1405(m * 30 + Math.min(m, 6)),
      endDate: day1405((m + 1) * 30 + Math.min(m + 1, 6) - 1),
      status: m === runs - 1 ? 'computed' : 'paid',
    };
    const { lines, totals } = await computePayroll(db, values);
    await insertBatchDocuments(db, ctx, 'salary.payrollRun', [
      { values: { ...values, ...totals }, lines: lines.map((l) => ({ ...l })) },
    ]);
  }
};
