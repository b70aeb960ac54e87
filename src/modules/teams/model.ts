import { t } from 'elysia'
import { Id, Instant, Nullable, RoleEnum } from '../../kernel/schemas'
import { toIso, toIsoOrNull } from '../../kernel/time'
import type { ListedUser } from '../users/queries'
import { WORK_PROFILES } from '../users/schema'
import type { MembershipRow, TeamRow } from './queries'

export const Team = t.Object({
  id: Id,
  name: t.String(),
  description: Nullable(t.String()),
  manager_user_id: Nullable(Id),
  cost_center_id: Nullable(Id),
  work_profile: Nullable(t.UnionEnum(WORK_PROFILES), { description: 'Work profile a person added to the team gets when none is given' }),
  member_count: t.Integer({ minimum: 0 }),
  created_at: Instant,
})

export const TeamMember = t.Object({
  user_id: Id,
  name: t.String(),
  email: t.String(),
  role: RoleEnum,
  status: t.Union([t.Literal('invited'), t.Literal('active'), t.Literal('deactivated')]),
  job_title: Nullable(t.String()),
  role_in_team: t.Union([t.Literal('member'), t.Literal('manager')], { description: 'member or manager of this team' }),
  is_primary_team: t.Boolean({ description: 'True when this is the user’s primary team' }),
  joined_at: Instant,
  deactivated_at: Nullable(Instant),
})

export const toTeam = (row: TeamRow) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  manager_user_id: row.managerUserId,
  cost_center_id: row.costCenterId,
  work_profile: row.workProfile,
  member_count: row.memberCount,
  created_at: toIso(row.createdAt),
})

/** A membership row with the member's profile. */
export interface TeamMemberRow {
  user: ListedUser
  membership: MembershipRow
}

export const toTeamMember = ({ user, membership }: TeamMemberRow) => ({
  user_id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  status: user.status,
  job_title: user.jobTitle,
  role_in_team: membership.roleInTeam,
  is_primary_team: user.primaryTeamId === membership.teamId,
  joined_at: toIso(membership.joinedAt),
  deactivated_at: toIsoOrNull(user.deactivatedAt),
})
