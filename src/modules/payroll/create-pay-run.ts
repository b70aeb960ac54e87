import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { actorKeyId } from '../../kernel/access'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { inTransaction } from '../../kernel/db'
import { DomainError } from '../../kernel/errors'
import { newId } from '../../kernel/ids'
import { PayRun, toPayRun } from './model'
import { exportInBackground } from './pay-run-export'
import { PeriodSelector, resolvePeriod } from './period-input'
import { findPeriodByStart, insertPayRun, insertPeriod, type PayrollPeriodRow } from './queries'

/** The period a pay run exports: the one named, or the one with these dates (created open if new). */
function periodFor(ctx: TenantBoundCtx, input: { payroll_period_id?: string; period_start?: string; period_end?: string }): PayrollPeriodRow {
  const resolved = resolvePeriod(ctx, input)
  if (resolved.period) return resolved.period
  const existing = findPeriodByStart(ctx, resolved.start)
  if (existing && existing.periodEnd !== resolved.end) {
    throw new DomainError(
      'conflict',
      `A payroll period starting ${existing.periodStart} already exists and ends ${existing.periodEnd}; use its id or its dates.`,
      {
        payroll_period_id: existing.id,
      },
    )
  }
  return (
    existing ?? insertPeriod(ctx, { id: newId(), periodStart: resolved.start, periodEnd: resolved.end, status: 'open', closedAt: null, createdAt: ctx.now })
  )
}

export const createPayRun = defineOperation({
  name: 'create_pay_run',
  title: 'Trigger a pay-run export',
  description:
    'Queues a CSV export of the payroll of a period (a payroll period id, or dates: a new open period is created for dates not seen before). Answers 202 at once with the pay run; the file is produced in the background and payroll.export_ready is emitted when it is ready to download.',
  access: { role: 'admin', write: true },
  input: t.Object({ ...PeriodSelector }),
  output: PayRun,
  run(ctx, input) {
    const { run, period } = inTransaction(ctx, (c) => {
      const period = periodFor(c, input)
      const run = insertPayRun(c, {
        id: newId(),
        payrollPeriodId: period.id,
        status: 'queued',
        format: 'csv',
        requestedByKeyId: actorKeyId(ctx.actor),
        requestedAt: ctx.now,
      })
      return { run, period }
    })
    exportInBackground(ctx, run.id)
    return toPayRun(run, period)
  },
})
