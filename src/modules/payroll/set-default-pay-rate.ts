import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { Id, RoleEnum } from '../../kernel/schemas'
import { WORK_PROFILES } from '../users/schema'
import { RateFields, RateWriteResult } from './rate-input'
import { writePayRate } from './rate-writes'

const WorkProfileEnum = t.Union(
  WORK_PROFILES.map((p) => t.Literal(p)),
  { description: 'A work profile' },
)

/** A default hourly pay rate for a team, a role, a work profile or the whole tenant (`workforce rates default`). */
export const setDefaultPayRate = defineOperation({
  name: 'set_default_pay_rate',
  title: 'Set a default pay rate',
  description:
    'Sets a default hourly pay rate from a date for one team (its primary members), one role, one work profile, or, with none of these, the tenant default. Precedence on each day: the person’s own rate, then the primary team’s, then the role’s, then the work profile’s, then the tenant default. The previous default of the same target ends the day before.',
  access: { role: 'admin', write: true },
  input: t.Object({
    team_id: t.Optional(t.String({ ...Id, description: 'The team whose primary members get this rate' })),
    role: t.Optional(RoleEnum),
    work_profile: t.Optional(WorkProfileEnum),
    ...RateFields,
  }),
  output: RateWriteResult,
  run: (ctx, input) =>
    writePayRate(
      ctx,
      {
        name:
          input.name ??
          (input.team_id ? 'Team rate' : input.role ? `${input.role} rate` : input.work_profile ? `${input.work_profile} rate` : 'Tenant default') +
            ` from ${input.effective_from}`,
        userId: null,
        teamId: input.team_id ?? null,
        role: input.role ?? null,
        workProfile: input.work_profile ?? null,
        hourlyRateCents: input.hourly_rate_cents,
        overtimeMultiplier: input.overtime_multiplier ?? null,
        currency: input.currency ?? null,
        effectiveFrom: input.effective_from,
      },
      input.reason ?? null,
    ),
})
