import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { DomainError } from '../../kernel/errors'
import { Id } from '../../kernel/schemas'
import { getPayRunInTenant, getPeriodInTenant } from './queries'

export const downloadPayRun = defineOperation({
  name: 'download_pay_run',
  title: 'Download a pay-run CSV',
  description:
    'The CSV file of a ready pay run (text/csv; one line per person: user_id, name, email, cost_center_code, regular/overtime/total hours, hourly_rate, overtime_multiplier, regular/overtime/gross amounts, currency). A run that is not ready yet answers conflict.',
  access: { role: 'admin' },
  input: t.Object({ pay_run_id: Id }),
  output: t.Object({ filename: t.String(), content: t.String() }),
  run(ctx, input) {
    const run = getPayRunInTenant(ctx, input.pay_run_id)
    if (run.status !== 'ready' || run.content === null) {
      const why = run.status === 'failed' ? 'failed; request a new pay run' : `is ${run.status}; poll GET /api/v1/payroll/pay-runs/${run.id} until it is ready`
      throw new DomainError('conflict', `This pay run ${why}.`, { status: run.status })
    }
    const period = getPeriodInTenant(ctx, run.payrollPeriodId)
    return { filename: `pay-run-${period.periodStart}-to-${period.periodEnd}.csv`, content: run.content }
  },
})
