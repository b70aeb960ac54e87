import { t } from 'elysia'
import { DateOnly, Int } from '../../kernel/schemas'
import { RateCard } from './model'
import { MAX_RATE_CENTS } from './rate-rules'

/** The fields of a new pay rate shared by set_pay_rate and set_default_pay_rate. */
export const RateFields = {
  hourly_rate_cents: Int({ minimum: 0, maximum: MAX_RATE_CENTS, description: 'Hourly pay rate in cents of the tenant currency (2500 = 25.00)' }),
  effective_from: t.String({ ...DateOnly, description: 'First date the rate applies (YYYY-MM-DD); the previous rate of the same target ends the day before' }),
  overtime_multiplier: t.Optional(t.Number({ minimum: 1, maximum: 5, description: 'Overtime factor of this rate; omitted: the tenant overtime multiplier' })),
  currency: t.Optional(
    t.String({ minLength: 3, maxLength: 3, description: 'ISO 4217 currency, if stated: must be the tenant currency (rates are kept in it)' }),
  ),
  name: t.Optional(t.String({ minLength: 1, maxLength: 120, description: 'A label for the rate; defaults to one naming the target and date' })),
  reason: t.Optional(t.String({ maxLength: 500, description: 'Why, kept in the audit log' })),
}

export const RateWriteResult = t.Object({
  rate_card: RateCard,
  ended: t.Array(RateCard, { description: 'The previous rate of the same target, ended the day before effective_from (empty if none was in effect)' }),
})
