import { t } from 'elysia'
import { inTransaction } from '../../kernel/db'
import { DomainError } from '../../kernel/errors'
import { newId } from '../../kernel/ids'
import { defineOperation } from '../../kernel/operation'
import { DateOnly, Id, Int } from '../../kernel/schemas'
import { recordChange } from '../audit/audit-queries'
import { planSuccession } from '../payroll/effective-dates'
import { tenantCurrency } from '../payroll/payroll-lines'
import { MAX_RATE_CENTS } from '../payroll/rate-rules'
import { auditedBillRate as audited, ProjectBillRate, toProjectBillRate } from './bill-rate-model'
import { billRatesOfProject, insertBillRate, setBillRateEnd } from './bill-rate-queries'
import { getProjectInTenant } from './queries'

/** A project's hourly bill rate from a date (`workforce rates bill`). */
export const setProjectBillRate = defineOperation({
  name: 'set_project_bill_rate',
  title: 'Set a project’s bill rate',
  description:
    'Sets the hourly bill rate of a project from a date, in the tenant currency. The previous bill rate ends the day before (history kept; one starting on or after that date is an overlap and is refused). The project budget values the hours of each day at the bill rate in effect that day.',
  access: { role: 'admin', write: true },
  input: t.Object({
    project_id: t.String({ ...Id, description: 'The project' }),
    hourly_rate_cents: Int({ minimum: 0, maximum: MAX_RATE_CENTS, description: 'Hourly bill rate in cents of the tenant currency' }),
    effective_from: t.String({ ...DateOnly, description: 'First date the rate applies (YYYY-MM-DD)' }),
    currency: t.Optional(t.String({ minLength: 3, maxLength: 3, description: 'ISO 4217 currency, if stated: must be the tenant currency' })),
    reason: t.Optional(t.String({ maxLength: 500, description: 'Why, kept in the audit log' })),
  }),
  output: t.Object({
    bill_rate: ProjectBillRate,
    ended: t.Array(ProjectBillRate, { description: 'The previous bill rate, ended the day before (empty if none)' }),
  }),
  run(ctx, input) {
    const currency = tenantCurrency(ctx)
    if (input.currency !== undefined && input.currency.toUpperCase() !== currency) {
      throw new DomainError(
        'invalid_argument',
        `currency ${input.currency} is not the tenant currency ${currency}: bill rates are kept in the tenant currency.`,
        {
          field: 'currency',
        },
      )
    }
    return inTransaction(ctx, (c) => {
      getProjectInTenant(c, input.project_id)
      const reason = input.reason ?? null
      const ended = planSuccession(billRatesOfProject(c, input.project_id), input.effective_from).map(({ record, effectiveTo }) => {
        const after = setBillRateEnd(c, record.id, effectiveTo)
        recordChange(c, { action: 'bill_rate.ended', entity: 'bill_rate', entityId: record.id, before: audited(record), after: audited(after), reason })
        return after
      })
      const row = insertBillRate(c, {
        id: newId(),
        projectId: input.project_id,
        hourlyRateCents: input.hourly_rate_cents,
        currency,
        effectiveFrom: input.effective_from,
        effectiveTo: null,
        createdAt: c.now,
      })
      recordChange(c, { action: 'bill_rate.created', entity: 'bill_rate', entityId: row.id, before: null, after: audited(row), reason })
      return { bill_rate: toProjectBillRate(row), ended: ended.map(toProjectBillRate) }
    })
  },
})
