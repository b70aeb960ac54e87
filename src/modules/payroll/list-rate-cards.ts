import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { DateOnly, Id, PageQuery, Paginated, pageInfo, pageWindow } from '../../kernel/schemas'
import { RateCard, toRateCard } from './model'
import { listRateCardsPage } from './queries'
import { overtimePolicy } from './payroll-lines'

export const listRateCards = defineOperation({
  name: 'list_rate_cards',
  title: 'List rate cards',
  description:
    'Hourly pay rates of the tenant. A card applies to one user, one team, one role, one work profile, or everyone (tenant default); payroll pays each day at the most specific card in effect that day.',
  access: { role: 'admin' },
  input: t.Object({
    user_id: t.Optional(t.String({ ...Id, description: 'Only cards of this user' })),
    team_id: t.Optional(t.String({ ...Id, description: 'Only cards of this team' })),
    active_on: t.Optional(t.String({ ...DateOnly, description: 'Only cards in effect on this date' })),
    ...PageQuery,
  }),
  output: Paginated(RateCard),
  run(ctx, input) {
    const w = pageWindow(input)
    const { rows, total } = listRateCardsPage(ctx, {
      ...(input.user_id ? { userId: input.user_id } : {}),
      ...(input.team_id ? { teamId: input.team_id } : {}),
      ...(input.active_on ? { activeOn: input.active_on } : {}),
      offset: w.offset,
      limit: w.limit,
    })
    const multiplier = overtimePolicy(ctx).multiplier
    return { data: rows.map((r) => toRateCard(r, multiplier)), pagination: pageInfo(w.page, w.pageSize, total) }
  },
})
