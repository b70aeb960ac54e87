import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { Id } from '../../kernel/schemas'
import { PayRun, toPayRun } from './model'
import { getPayRunInTenant, getPeriodInTenant } from './queries'

export const getPayRun = defineOperation({
  name: 'get_pay_run',
  title: 'Get a pay run',
  description: 'The state of a pay-run export; poll it until status is ready, then download the CSV.',
  access: { role: 'admin' },
  input: t.Object({ pay_run_id: Id }),
  output: PayRun,
  run(ctx, input) {
    const run = getPayRunInTenant(ctx, input.pay_run_id)
    return toPayRun(run, getPeriodInTenant(ctx, run.payrollPeriodId))
  },
})
