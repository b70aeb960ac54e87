import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { DateOnly, Id, Nullable } from '../../kernel/schemas'
import { localDate } from '../../kernel/time'
import { getUserInTenant } from '../users/queries'
import { RateCard, RateSourceEnum, toRateCard } from './model'
import { overtimePolicy } from './payroll-lines'
import { listPayrollPeople } from './people-queries'
import { allRateCards } from './queries'
import { resolveRateOn } from './rates'

/** A person's pay rate history and the rate that applies to them on a date (`workforce rates history`). */
export const listPayRateHistory = defineOperation({
  name: 'list_pay_rate_history',
  title: 'A person’s pay rate history',
  description:
    'Every rate card of the person (own rates, oldest first, ended ones included) and the rate that applies to them on a date (today by default), with where it comes from: their own, their primary team’s, their role’s, their work profile’s or the tenant default.',
  access: { role: 'admin' },
  input: t.Object({
    user_id: t.String({ ...Id, description: 'The person' }),
    on: t.Optional(t.String({ ...DateOnly, description: 'Date of the applying rate; default today (tenant time zone)' })),
  }),
  output: t.Object({
    user_id: Id,
    on: DateOnly,
    applies: t.Object({
      rate_card_id: Nullable(Id),
      rate_source: RateSourceEnum,
      hourly_rate_cents: t.Integer({ description: 'Hourly rate on that date, in cents of the tenant currency (0 without a card)' }),
    }),
    data: t.Array(RateCard, { description: 'The person’s own rate cards, oldest first' }),
  }),
  run(ctx, input) {
    getUserInTenant(ctx, input.user_id)
    const on = input.on ?? localDate(ctx.now, ctx.tenant.timezone)
    const cards = allRateCards(ctx)
    const multiplier = overtimePolicy(ctx).multiplier
    const [person] = listPayrollPeople(ctx, [input.user_id])
    const { card, source } = person ? resolveRateOn(cards, person, on) : { card: null, source: 'none' as const }
    return {
      user_id: input.user_id,
      on,
      applies: { rate_card_id: card?.id ?? null, rate_source: source, hourly_rate_cents: card?.hourlyRateCents ?? 0 },
      data: cards.filter((c) => c.userId === input.user_id).map((c) => toRateCard(c, multiplier)),
    }
  },
})
