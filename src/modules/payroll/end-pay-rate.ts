import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { DateOnly, Id } from '../../kernel/schemas'
import { RateCard } from './model'
import { endPayRateCard } from './rate-writes'

/** Ends a pay rate on a date (`workforce rates end`): from the next day the next most specific rate applies. */
export const endPayRate = defineOperation({
  name: 'end_pay_rate',
  title: 'End a pay rate',
  description:
    'Ends a rate card on its last day. From the next day the next most specific rate applies (a person without an own rate falls back to the team, role, work-profile or tenant default). An end date is only ever brought forward, never extended.',
  access: { role: 'admin', write: true },
  input: t.Object({
    rate_card_id: t.String({ ...Id, description: 'The rate card' }),
    effective_to: t.String({ ...DateOnly, description: 'Last date the rate applies (YYYY-MM-DD)' }),
    reason: t.Optional(t.String({ maxLength: 500, description: 'Why, kept in the audit log' })),
  }),
  output: RateCard,
  run: (ctx, input) => endPayRateCard(ctx, input.rate_card_id, input.effective_to, input.reason ?? null),
})
