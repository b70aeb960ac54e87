import { t } from 'elysia'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { defineOperation } from '../../kernel/operation'
import { DateOnly, Id, Instant, Nullable, RoleEnum } from '../../kernel/schemas'
import { toIso, toIsoOrNull } from '../../kernel/time'
import { listCostCenters } from '../payroll/queries'
import { findTeamInTenant, membershipsOfUser } from '../teams/queries'
import { openLogUserIds } from '../time-tracking/queries'
import { UserStatusEnum } from './model'
import { WORK_PROFILES } from './schema'
import { visibleUser } from './visibility'

const TeamRef = t.Object({ id: Id, name: t.String() }, { description: 'A team by id and name' })

export const UserProfile = t.Object(
  {
    id: Id,
    name: t.String({ description: 'Full name' }),
    email: t.String({ description: 'Work email' }),
    role: RoleEnum,
    status: UserStatusEnum,
    job_title: Nullable(t.String()),
    work_profile: t.UnionEnum(WORK_PROFILES, { description: 'Kind of work; selects the default productivity categories of applications' }),
    weekly_hours: t.Number({ minimum: 0, description: 'Contracted hours per week (overtime is counted above it)' }),
    employee_number: Nullable(t.String(), { description: "The company's own employee number; null when not set" }),
    start_date: Nullable(DateOnly, { description: 'First working day (tenant time zone); null when not set' }),
    home_office_id: Nullable(Id, { description: 'Office whose holidays apply to the person; null when none' }),
    team: Nullable(TeamRef, { description: 'Primary team; null when none' }),
    teams: t.Array(
      t.Object({
        team_id: Id,
        name: t.String(),
        role_in_team: t.Union([t.Literal('member'), t.Literal('manager')]),
        is_primary: t.Boolean(),
        joined_at: Instant,
      }),
      { description: 'Every team the person belongs to, by name' },
    ),
    cost_center: Nullable(
      t.Object({
        id: Id,
        code: t.String(),
        name: t.String(),
        source: t.Union([t.Literal('user'), t.Literal('team')], { description: "user: the person's own; team: their primary team's" }),
      }),
      { description: 'Cost center hours and pay are reported against; null when neither the person nor the primary team has one' },
    ),
    two_factor_enabled: t.Boolean(),
    is_clocked_in: t.Boolean({ description: 'Has an open time log right now' }),
    created_at: Instant,
    activated_at: Nullable(Instant),
    deactivated_at: Nullable(Instant),
  },
  { description: 'The profile of one person' },
)

export const getUser = defineOperation({
  name: 'get_user',
  title: 'Get a user profile',
  description:
    'One person: role, status, job title, work profile, contracted weekly hours, employee number, start date, home office, primary team and every team with the role in it, cost center, two-factor state and whether they are clocked in. Admins see everyone; a manager token bound to a manager sees the members of their teams.',
  access: { role: 'manager' },
  input: t.Object({ user_id: Id }),
  output: UserProfile,
  run(ctx, input) {
    const user = visibleUser(ctx, input.user_id, 'this profile')
    const primary = user.primaryTeamId ? findTeamInTenant(ctx, user.primaryTeamId) : null
    const costCenterId = user.costCenterId ?? primary?.costCenterId ?? null
    const costCenter = costCenterId ? costCenterRef(ctx, costCenterId) : null
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      status: user.status,
      job_title: user.jobTitle,
      work_profile: user.workProfile,
      weekly_hours: user.weeklyHours,
      employee_number: user.employeeNumber,
      start_date: user.startDate,
      home_office_id: user.homeOfficeId,
      team: primary ? { id: primary.id, name: primary.name } : null,
      teams: membershipsOfUser(ctx, user.id).map((m) => ({
        team_id: m.teamId,
        name: m.name,
        role_in_team: m.roleInTeam,
        is_primary: m.teamId === user.primaryTeamId,
        joined_at: toIso(m.joinedAt),
      })),
      cost_center: costCenter ? { ...costCenter, source: user.costCenterId ? ('user' as const) : ('team' as const) } : null,
      two_factor_enabled: user.twoFactorEnabledAt !== null,
      is_clocked_in: openLogUserIds(ctx, [user.id]).has(user.id),
      created_at: toIso(user.createdAt),
      activated_at: toIsoOrNull(user.activatedAt),
      deactivated_at: toIsoOrNull(user.deactivatedAt),
    }
  },
})

/** A cost center by id and code (the payroll module owns them; a tenant has a few dozen at most). */
function costCenterRef(ctx: TenantBoundCtx, id: string): { id: string; code: string; name: string } | null {
  const found = listCostCenters(ctx).find((cc) => cc.id === id)
  return found ? { id: found.id, code: found.code, name: found.name } : null
}
