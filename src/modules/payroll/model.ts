import { t } from 'elysia'
import { DateOnly, Id, Instant, Nullable } from '../../kernel/schemas'
import { toIso, toIsoOrNull } from '../../kernel/time'
import { grossCents, hours, type PayrollLine } from './calculate'
import type { PayRunRow, PayrollPeriodRow, RateCardRow } from './queries'
import { targetOf } from './rates'

const Cents = (description: string) => t.Integer({ description: `${description}, in cents of the currency` })
const Hours = (description: string) => t.Number({ minimum: 0, description: `${description}, in hours (two decimals)` })

export const RateSourceEnum = t.Union(
  [t.Literal('user'), t.Literal('team'), t.Literal('role'), t.Literal('work_profile'), t.Literal('tenant_default'), t.Literal('none')],
  {
    description: 'Which rate card applied: the user’s, the primary team’s, the role’s, the work profile’s, the tenant default, or none (rate 0)',
  },
)

export const RateSegmentOut = t.Object({
  rate_card_id: Nullable(Id),
  rate_source: RateSourceEnum,
  hourly_rate_cents: Cents('Hourly rate of these days'),
  overtime_multiplier: t.Number({ description: 'Overtime factor of these days' }),
  from: DateOnly,
  to: DateOnly,
  regular_hours: Hours('Regular hours paid at this rate'),
  overtime_hours: Hours('Overtime hours paid at this rate'),
  regular_amount_cents: Cents('Pay for the regular hours'),
  overtime_amount_cents: Cents('Pay for the overtime hours'),
})

export const PayrollCalculation = t.Object({
  user_id: Id,
  name: t.String(),
  email: t.String(),
  team_id: Nullable(Id),
  cost_center_id: Nullable(Id),
  contracted_weekly_hours: t.Number(),
  regular_hours: Hours('Approved hours up to the weekly contract'),
  overtime_hours: Hours('Approved hours above the weekly contract'),
  total_hours: Hours('All approved hours'),
  hourly_rate_cents: Cents('Regular hourly rate'),
  overtime_multiplier: t.Number({ description: 'Factor applied to the hourly rate for overtime hours' }),
  regular_amount_cents: Cents('Pay for regular hours'),
  overtime_amount_cents: Cents('Pay for overtime hours'),
  adjustment_hours: t.Number({
    description: 'Hours of corrections to closed periods paid in this one (negative: taken back), at the regular rate of the day worked',
  }),
  adjustment_amount_cents: t.Integer({ description: 'Pay for adjustment_hours (may be negative)' }),
  absence_hours: t.Number({
    description: 'Paid time off of the period (company holidays, vacation, sick leave): the scheduled hours of each day, else contract hours / 5 on weekdays',
  }),
  absence_amount_cents: t.Integer({ description: 'Pay for absence_hours, each day at its rate' }),
  amount_cents: Cents('Gross pay: regular, overtime, adjustments and paid time off'),
  currency: t.String({ description: 'ISO 4217 currency' }),
  rate_card_id: Nullable(Id),
  rate_source: RateSourceEnum,
  rate_segments: t.Array(RateSegmentOut, {
    description:
      'The rates paid, in date order: each worked day is paid at the card in effect that day (a mid-period raise gives two segments); hourly_rate_cents above is the last one',
  }),
})

export const toPayrollCalculation = (l: PayrollLine) => ({
  user_id: l.person.id,
  name: l.person.name,
  email: l.person.email,
  team_id: l.person.primaryTeamId,
  cost_center_id: l.person.costCenterId,
  contracted_weekly_hours: l.person.weeklyHours,
  regular_hours: hours(l.regularSeconds),
  overtime_hours: hours(l.overtimeSeconds),
  total_hours: hours(l.regularSeconds + l.overtimeSeconds),
  hourly_rate_cents: l.hourlyRateCents,
  overtime_multiplier: l.overtimeMultiplier,
  regular_amount_cents: l.regularAmountCents,
  overtime_amount_cents: l.overtimeAmountCents,
  adjustment_hours: hours(l.adjustmentSeconds),
  adjustment_amount_cents: l.adjustmentAmountCents,
  absence_hours: hours(l.absenceSeconds),
  absence_amount_cents: l.absenceAmountCents,
  amount_cents: grossCents(l),
  currency: l.currency,
  rate_card_id: l.rateCardId,
  rate_source: l.rateSource,
  rate_segments: l.segments.map((s) => ({
    rate_card_id: s.rateCardId,
    rate_source: s.rateSource,
    hourly_rate_cents: s.hourlyRateCents,
    overtime_multiplier: s.overtimeMultiplier,
    from: s.from,
    to: s.to,
    regular_hours: hours(s.regularSeconds),
    overtime_hours: hours(s.overtimeSeconds),
    regular_amount_cents: s.regularAmountCents,
    overtime_amount_cents: s.overtimeAmountCents,
  })),
})

export const PayrollTotals = t.Object({
  users: t.Integer({ minimum: 0 }),
  regular_hours: Hours('Regular hours of everyone matched'),
  overtime_hours: Hours('Overtime hours of everyone matched'),
  total_hours: Hours('All hours of everyone matched'),
  amount_cents: Cents('Gross pay of everyone matched'),
})

export function payrollTotals(lines: PayrollLine[]) {
  const sum = (f: (l: PayrollLine) => number) => lines.reduce((acc, l) => acc + f(l), 0)
  return {
    users: lines.length,
    regular_hours: hours(sum((l) => l.regularSeconds)),
    overtime_hours: hours(sum((l) => l.overtimeSeconds)),
    total_hours: hours(sum((l) => l.regularSeconds + l.overtimeSeconds)),
    amount_cents: sum(grossCents),
  }
}

export const RateCard = t.Object({
  id: Id,
  name: t.String(),
  applies_to: t.Union([t.Literal('user'), t.Literal('team'), t.Literal('role'), t.Literal('work_profile'), t.Literal('tenant_default')], {
    description: 'What the card is for; user beats team beats role beats work profile beats tenant default',
  }),
  user_id: Nullable(Id),
  team_id: Nullable(Id),
  role: Nullable(t.String({ description: 'The role the card is for (employee, manager, admin, owner_admin)' })),
  work_profile: Nullable(t.String()),
  hourly_rate_cents: Cents('Hourly rate'),
  overtime_multiplier: t.Number({ description: 'Overtime factor: the card’s own, else the tenant’s' }),
  overtime_multiplier_source: t.Union([t.Literal('card'), t.Literal('tenant')], {
    description: 'Whether the card sets its own multiplier or uses the tenant’s',
  }),
  currency: t.String(),
  effective_from: DateOnly,
  effective_to: Nullable(DateOnly),
  created_at: Instant,
})

export const toRateCard = (r: RateCardRow, tenantMultiplier: number) => ({
  id: r.id,
  name: r.name,
  applies_to: targetOf(r),
  user_id: r.userId,
  team_id: r.teamId,
  role: r.role,
  work_profile: r.workProfile,
  hourly_rate_cents: r.hourlyRateCents,
  overtime_multiplier: r.overtimeMultiplier ?? tenantMultiplier,
  overtime_multiplier_source: r.overtimeMultiplier === null ? ('tenant' as const) : ('card' as const),
  currency: r.currency,
  effective_from: r.effectiveFrom,
  effective_to: r.effectiveTo,
  created_at: toIso(r.createdAt),
})

export const PayrollPeriod = t.Object({
  id: Id,
  period_start: DateOnly,
  period_end: DateOnly,
  status: t.Union([t.Literal('open'), t.Literal('closed')]),
  closed_at: Nullable(Instant),
  created_at: Instant,
})

export const toPayrollPeriod = (p: PayrollPeriodRow) => ({
  id: p.id,
  period_start: p.periodStart,
  period_end: p.periodEnd,
  status: p.status,
  closed_at: toIsoOrNull(p.closedAt),
  created_at: toIso(p.createdAt),
})

export const PayRun = t.Object({
  id: Id,
  payroll_period_id: Id,
  period_start: DateOnly,
  period_end: DateOnly,
  status: t.Union([t.Literal('queued'), t.Literal('processing'), t.Literal('ready'), t.Literal('failed')], {
    description: 'queued → processing → ready (or failed)',
  }),
  format: t.Literal('csv'),
  requested_at: Instant,
  completed_at: Nullable(Instant),
  row_count: Nullable(t.Integer({ description: 'Lines in the file, one per person' })),
  total_amount_cents: Nullable(t.Integer({ description: 'Sum of gross pay in the file, in cents' })),
  checksum: Nullable(t.String({ description: 'SHA-256 of the CSV, hex' })),
  error: Nullable(t.String()),
  download_url: Nullable(t.String({ description: 'Where to GET the CSV once ready' })),
})

export function toPayRun(r: PayRunRow, period: PayrollPeriodRow) {
  return {
    id: r.id,
    payroll_period_id: r.payrollPeriodId,
    period_start: period.periodStart,
    period_end: period.periodEnd,
    status: r.status,
    format: 'csv' as const,
    requested_at: toIso(r.requestedAt),
    completed_at: toIsoOrNull(r.completedAt),
    row_count: r.rowCount,
    total_amount_cents: r.totalAmountCents,
    checksum: r.checksum,
    error: r.error,
    download_url: r.status === 'ready' ? `/api/v1/payroll/pay-runs/${r.id}/download` : null,
  }
}
