import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { Id } from '../../kernel/schemas'
import { RateFields, RateWriteResult } from './rate-input'
import { writePayRate } from './rate-writes'

/** A person's own hourly pay rate from a date (the operator's `workforce rates set`). */
export const setPayRate = defineOperation({
  name: 'set_pay_rate',
  title: 'Set a person’s pay rate',
  description:
    'Sets a person’s hourly pay rate from a date, in the tenant currency. The person’s previous rate ends the day before (history is kept, never overwritten); a rate of theirs that starts on or after that date is an overlap and is refused. A person’s own rate beats team, role, work-profile and tenant defaults.',
  access: { role: 'admin', write: true },
  input: t.Object({ user_id: t.String({ ...Id, description: 'The person' }), ...RateFields }),
  output: RateWriteResult,
  run: (ctx, input) =>
    writePayRate(
      ctx,
      {
        name: input.name ?? `Individual rate from ${input.effective_from}`,
        userId: input.user_id,
        teamId: null,
        role: null,
        workProfile: null,
        hourlyRateCents: input.hourly_rate_cents,
        overtimeMultiplier: input.overtime_multiplier ?? null,
        currency: input.currency ?? null,
        effectiveFrom: input.effective_from,
      },
      input.reason ?? null,
    ),
})
