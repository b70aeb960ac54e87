import { createHash } from 'node:crypto'
import { MINUTE, addDays } from '../../src/kernel/time'
import type { SeedEnv } from '../env'
import { emit, hours, iso } from '../events'
import type { Company, Person } from '../model'
import { Rng } from '../rng'
import { calculatePayroll } from '../../src/modules/payroll/calculate'
import { payRunCsv, payRunTotalCents } from '../../src/modules/payroll/pay-run-csv'
import type { PayrollPerson } from '../../src/modules/payroll/people-queries'
import type { RateCardRow } from '../../src/modules/payroll/queries'
import type { WorkedLog } from '../../src/modules/time-tracking/worked-time-read-model'

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
  const { csv, rows, totalCents } = payRunFile(env, company, weekStart, paid)
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

/**
 * The pay run's file through the product's own rules: the payroll calculation (weekly overtime
 * above the contract, amounts at the person's rate card) and the one pay-run CSV writer, so a
 * demo file has the columns, formats and line ends of a real export.
 */
function payRunFile(env: SeedEnv, company: Company, weekStart: string, paid: PaidSheet[]): { csv: string; rows: number; totalCents: number } {
  const centers = new Map(Object.entries(company.costCenters).map(([code, id]) => [id, { code }]))
  const people: PayrollPerson[] = paid.map(({ person: p }) => ({
    id: p.id,
    name: p.name,
    email: p.email,
    primaryTeamId: company.teams[p.team]?.id ?? null,
    workProfile: p.profile,
    role: p.role,
    weeklyHours: p.weeklyHours,
    costCenterId: p.costCenterId,
  }))
  // The week's approved hours of each person, in that week (overtime is counted per week).
  const monday = env.cal.at(weekStart, '12:00')
  const logs: WorkedLog[] = paid.map(({ person, seconds }) => ({ userId: person.id, clockInAt: monday, workedSeconds: seconds }))
  // Each person's rate is the card the seed resolved for them as payroll resolves it (company/rates.ts).
  const cards: RateCardRow[] = paid.map(({ person: p }) => ({
    id: p.id,
    tenantId: env.tenantId,
    name: `${p.name} rate`,
    userId: p.id,
    teamId: null,
    role: null,
    workProfile: null,
    hourlyRateCents: p.rate.cents,
    overtimeMultiplier: p.rate.multiplier,
    currency: env.region.currency,
    effectiveFrom: weekStart,
    effectiveTo: null,
    createdAt: monday,
  }))
  const lines = calculatePayroll({ logs, people, cards, timezone: env.tz, currency: env.region.currency })
  return { csv: payRunCsv(lines, centers), rows: lines.length, totalCents: payRunTotalCents(lines) }
}
