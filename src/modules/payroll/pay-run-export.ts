import { createHash } from 'node:crypto'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { inTransaction } from '../../kernel/db'
import { toIso } from '../../kernel/time'
import { emit } from '../webhooks/outbox-queries'
import { payRunCsv, payRunTotalCents } from './pay-run-csv'
import { loadPayrollLines } from './payroll-lines'
import { resolvePeriod } from './period-input'
import { getPeriodInTenant, listCostCenters, transitionPayRun, type PayRunRow } from './queries'
import type { PayRunStatus } from './schema'

/**
 * Produces the CSV of a pay run: claims it (queued → processing), computes the payroll of its
 * period, then stores the file, marks it ready and emits payroll.export_ready in one transaction.
 * A failure marks it failed with the reason. Returns the row as it ended, or null when another
 * worker had already claimed it.
 */
export function processPayRun(ctx: TenantBoundCtx, payRunId: string, claimFrom: PayRunStatus[] = ['queued']): PayRunRow | null {
  const claimed = transitionPayRun(ctx, payRunId, claimFrom, { status: 'processing' })
  if (!claimed) return null
  try {
    return inTransaction(ctx, (c) => {
      const periodRow = getPeriodInTenant(c, claimed.payrollPeriodId)
      const period = resolvePeriod(c, { payroll_period_id: periodRow.id })
      const { lines, currency } = loadPayrollLines(c, period)
      const csv = payRunCsv(lines, new Map(listCostCenters(c).map((center) => [center.id, center])))
      const total = payRunTotalCents(lines)
      const checksum = createHash('sha256').update(csv).digest('hex')
      const done = transitionPayRun(c, payRunId, ['processing'], {
        status: 'ready',
        content: csv,
        checksum,
        rowCount: lines.length,
        totalAmountCents: total,
        completedAt: c.now,
        error: null,
      })!
      emit(c, 'payroll.export_ready', {
        payRunId,
        payrollPeriodId: periodRow.id,
        periodStart: periodRow.periodStart,
        periodEnd: periodRow.periodEnd,
        format: 'csv',
        rowCount: lines.length,
        totalAmountCents: total,
        currency,
        checksum,
        downloadUrl: `/api/v1/payroll/pay-runs/${payRunId}/download`,
        completedAt: toIso(c.now),
      })
      return done
    })
  } catch (e) {
    ctx.log.error('pay run export failed', { payRunId, tenant: ctx.tenant.readableId, error: e instanceof Error ? e.message : String(e) })
    return transitionPayRun(ctx, payRunId, ['processing'], {
      status: 'failed',
      error: 'The export could not be produced; request a new pay run.',
      completedAt: ctx.now,
    })
  }
}

/**
 * Runs the export right after the request's transaction committed, off the request path. The
 * clock is read when it runs: the file is produced then, not when it was asked for. If the
 * process stops first, the payroll.pay-runs job resumes it.
 */
export function exportInBackground(ctx: TenantBoundCtx, payRunId: string): void {
  setTimeout(() => {
    try {
      processPayRun({ ...ctx, now: Date.now() }, payRunId)
    } catch (e) {
      ctx.log.error('pay run background export crashed', { payRunId, error: String(e) })
    }
  }, 0)
}
