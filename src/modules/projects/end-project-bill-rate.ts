import { t } from 'elysia'
import { inTransaction } from '../../kernel/db'
import { notFound } from '../../kernel/errors'
import { defineOperation } from '../../kernel/operation'
import { DateOnly, Id } from '../../kernel/schemas'
import { recordChange } from '../audit/audit-queries'
import { checkEnd } from '../payroll/effective-dates'
import { auditedBillRate, ProjectBillRate, toProjectBillRate } from './bill-rate-model'
import { findBillRate, setBillRateEnd } from './bill-rate-queries'

/** Ends a project's bill rate on its last day (`workforce rates bill-end`), without setting a new one. */
export const endProjectBillRate = defineOperation({
  name: 'end_project_bill_rate',
  title: 'End a project’s bill rate',
  description:
    "Ends a project's dated bill rate on its last day, without a new one. From the next day no dated bill rate covers the project: its budget values those days at the project's flat bill rate (none: 0). An end date is only ever brought forward, never extended; history is kept.",
  access: { role: 'admin', write: true },
  input: t.Object({
    bill_rate_id: t.String({ ...Id, description: 'The bill rate (list_project_bill_rates)' }),
    effective_to: t.String({ ...DateOnly, description: 'Last date the bill rate applies (YYYY-MM-DD)' }),
    reason: t.Optional(t.String({ maxLength: 500, description: 'Why, kept in the audit log' })),
  }),
  output: ProjectBillRate,
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      const before = findBillRate(c, input.bill_rate_id)
      if (!before) throw notFound('Bill rate')
      checkEnd(before, input.effective_to)
      const after = setBillRateEnd(c, before.id, input.effective_to)
      recordChange(c, {
        action: 'bill_rate.ended',
        entity: 'bill_rate',
        entityId: before.id,
        before: auditedBillRate(before),
        after: auditedBillRate(after),
        reason: input.reason ?? null,
      })
      return toProjectBillRate(after)
    })
  },
})
