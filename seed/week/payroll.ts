import { createHash } from 'node:crypto'
import { MINUTE, addDays } from '../../src/kernel/time'
import type { SeedEnv } from '../env'
import { emit, hours, iso } from '../events'
import type { Company, Person } from '../model'
import { Rng } from '../rng'

export interface PaidSheet {
  person: Person
  seconds: number
}

/** Pay runs are exported for the two most recent closed periods. */
const EXPORTED_WEEKS = new Set([2, 3])

/**
 * The weekly payroll period: closed two weeks after its end (payroll.period_closed); the latest
 * closed periods have a ready CSV pay-run export (payroll.export_ready).
 */
export function writePayrollPeriod(env: SeedEnv, company: Company, weekStart: string, weeksAgo: number, paid: PaidSheet[]): void {
  const rng = new Rng(env.seed, 14, env.cal.dayNumber(weekStart))
  const id = env.ids.uuid()
  const periodEnd = addDays(weekStart, 6)
  const closed = weeksAgo >= 2
  const closedAt = closed ? env.cal.at(addDays(weekStart, 9), '10:00') + rng.int(0, 4 * 3600) * 1000 : null
  env.w.payrollPeriods.add({
    id,
    tenantId: env.tenantId,
    periodStart: weekStart,
    periodEnd,
    status: closed ? 'closed' : 'open',
    closedAt,
    createdAt: env.cal.midnight(weekStart),
  })
  if (closedAt === null) return
  const worked = paid.filter((s) => s.seconds > 0)
  const totalHours = hours(worked.reduce((sum, s) => sum + s.seconds, 0))
  emit(
    env,
    'payroll.period_closed',
    { payrollPeriodId: id, periodStart: weekStart, periodEnd, userCount: worked.length, totalHours, closedAt: iso(closedAt) },
    closedAt,
  )
  if (!EXPORTED_WEEKS.has(weeksAgo)) return
  const requestedAt = closedAt + rng.int(20, 60) * MINUTE
  const completedAt = requestedAt + rng.int(20, 90) * 1000
  const { csv, rows, totalCents } = payRunCsv(env, company, paid)
  const payRunId = env.ids.uuid()
  const checksum = createHash('sha256').update(csv).digest('hex')
  env.w.payRuns.add({
    id: payRunId,
    tenantId: env.tenantId,
    payrollPeriodId: id,
    status: 'ready',
    format: 'csv',
    requestedByKeyId: null,
    requestedAt,
    completedAt,
    rowCount: rows,
    totalAmountCents: totalCents,
    content: csv,
    checksum,
    error: null,
  })
  emit(
    env,
    'payroll.export_ready',
    {
      payRunId,
      payrollPeriodId: id,
      periodStart: weekStart,
      periodEnd,
      format: 'csv',
      rowCount: rows,
      totalAmountCents: totalCents,
      currency: env.region.currency,
      checksum,
      downloadUrl: `/api/v1/payroll/pay-runs/${payRunId}/download`,
      completedAt: iso(completedAt),
    },
    completedAt,
  )
}

const money = (cents: number) => (cents / 100).toFixed(2)
const field = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s)

/** One line per person: regular hours up to the contract, overtime above it at the card's multiplier. */
function payRunCsv(env: SeedEnv, company: Company, paid: PaidSheet[]): { csv: string; rows: number; totalCents: number } {
  const codes = new Map(Object.entries(company.costCenters).map(([code, id]) => [id, code]))
  const lines = ['user_id,name,email,cost_center,regular_hours,overtime_hours,hourly_rate,overtime_multiplier,gross_amount,currency']
  let totalCents = 0
  for (const { person: p, seconds } of paid) {
    const worked = seconds / 3600
    const regular = Math.min(worked, p.weeklyHours)
    const overtime = Math.max(0, worked - p.weeklyHours)
    const gross = Math.round(regular * p.rate.cents + overtime * p.rate.cents * p.rate.multiplier)
    totalCents += gross
    lines.push(
      [
        p.id,
        field(p.name),
        p.email,
        codes.get(p.costCenterId) ?? '',
        regular.toFixed(2),
        overtime.toFixed(2),
        money(p.rate.cents),
        p.rate.multiplier.toFixed(2),
        money(gross),
        env.region.currency,
      ].join(','),
    )
  }
  return { csv: `${lines.join('\n')}\n`, rows: paid.length, totalCents }
}
