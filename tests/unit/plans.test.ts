import { describe, expect, it } from 'vitest';
import {
  addDays,
  fillInstalments,
  lowestPlanTotal,
  planRequestSchema,
  planStatusOf,
} from '../../contract/plans';

const plan = [
  { dueOn: '2026-12-01', amountFen: 100_00 },
  { dueOn: '2027-01-01', amountFen: 100_00 },
  { dueOn: '2027-02-01', amountFen: 50_00 },
];

describe('repayment plan instalments', () => {
  it('fills instalments in order with what was repaid', () => {
    expect(fillInstalments(plan, 150_00, '2026-11-28').map((i) => [i.paidFen, i.status])).toEqual([
      [100_00, 'paid'],
      [50_00, 'partial'],
      [0, 'due'],
    ]);
  });

  it('never fills past an instalment or below nothing', () => {
    expect(fillInstalments(plan, 999_00, '2026-11-28').map((i) => i.paidFen)).toEqual([
      100_00, 100_00, 50_00,
    ]);
    expect(fillInstalments(plan, -5, '2026-11-28').every((i) => i.paidFen === 0)).toBe(true);
  });

  it('makes an unpaid instalment overdue the day after its grace days, partly paid or not', () => {
    const on = (today: string, repaid = 0) => fillInstalments(plan, repaid, today, 3)[0].status;
    expect(on('2026-12-04')).toBe('due');
    expect(on('2026-12-05')).toBe('overdue');
    expect(on('2026-12-04', 10_00)).toBe('partial');
    expect(on('2026-12-05', 10_00)).toBe('overdue');
    expect(on('2026-12-05', 100_00)).toBe('paid');
    expect(fillInstalments(plan, 0, '2026-12-02', 0)[0].status).toBe('overdue');
  });

  it('breaks a plan with two instalments overdue at once, and completes a paid one', () => {
    const statuses = (repaid: number, today: string) => fillInstalments(plan, repaid, today);
    expect(planStatusOf('active', statuses(0, '2026-12-10'))).toBe('active');
    expect(planStatusOf('active', statuses(0, '2027-01-05'))).toBe('broken');
    expect(planStatusOf('active', statuses(100_00, '2027-01-05'))).toBe('active');
    expect(planStatusOf('broken', statuses(100_00, '2027-01-05'))).toBe('broken');
    expect(planStatusOf('broken', statuses(250_00, '2027-06-01'))).toBe('completed');
    expect(planStatusOf('completed', statuses(200_00, '2027-01-02'))).toBe('active');
    expect(planStatusOf('pendingApproval', statuses(0, '2027-06-01'))).toBe('pendingApproval');
    expect(planStatusOf('rejected', statuses(250_00, '2027-06-01'))).toBe('rejected');
  });

  it('counts days across months and years', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('allows reductions up to the percentage, rounding the lowest total up', () => {
    expect(lowestPlanTotal(100_00, 30)).toBe(70_00);
    expect(lowestPlanTotal(333, 30)).toBe(234);
  });

  it('asks for ascending due days, at the row that is not', () => {
    const parsed = planRequestSchema.safeParse({
      instalments: [
        { dueOn: '2026-12-01', amountFen: 1 },
        { dueOn: '2026-12-01', amountFen: 1 },
      ],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ['instalments', 1, 'dueOn'],
      message: 'plan.dueOnAscending',
    });
    expect(planRequestSchema.safeParse({ instalments: [] }).success).toBe(false);
  });
});
