import { and, asc, count, eq, sql } from 'drizzle-orm'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { notFound } from '../../kernel/errors'
import { users } from '../users/schema'
import { teamMemberships, teams } from './schema'

export type TeamRow = typeof teams.$inferSelect & { memberCount: number }

const memberCount = sql<number>`(select count(*) from ${teamMemberships} m where m.tenant_id = ${teams.tenantId} and m.team_id = ${teams.id})`.mapWith(Number)

const teamColumns = {
  id: teams.id,
  tenantId: teams.tenantId,
  name: teams.name,
  description: teams.description,
  managerUserId: teams.managerUserId,
  costCenterId: teams.costCenterId,
  createdAt: teams.createdAt,
  memberCount,
}

export interface TeamFilter {
  name?: string
  offset: number
  limit: number
}

/** One page of the tenant's teams by name, and the total. */
export function listTeamsPage(ctx: TenantBoundCtx, f: TeamFilter): { rows: TeamRow[]; total: number } {
  const where = and(eq(teams.tenantId, ctx.tenant.id), f.name ? sql`instr(lower(${teams.name}), lower(${f.name})) > 0` : undefined)
  const rows = ctx.db.select(teamColumns).from(teams).where(where).orderBy(asc(teams.name), asc(teams.id)).limit(f.limit).offset(f.offset).all()
  const total = ctx.db.select({ n: count() }).from(teams).where(where).get()?.n ?? 0
  return { rows, total }
}

/** Fetch-or-throw: another tenant's team is indistinguishable from a missing one. */
export function getTeamInTenant(ctx: TenantBoundCtx, teamId: string): TeamRow {
  const row = ctx.db.select(teamColumns).from(teams).where(and(eq(teams.tenantId, ctx.tenant.id), eq(teams.id, teamId))).get()
  if (!row) throw notFound('Team')
  return row
}

export type TeamMemberRow = {
  teamId: string
  userId: string
  name: string
  email: string
  role: (typeof users.$inferSelect)['role']
  status: (typeof users.$inferSelect)['status']
  jobTitle: string | null
  primaryTeamId: string | null
  roleInTeam: (typeof teamMemberships.$inferSelect)['roleInTeam']
  joinedAt: number
  deactivatedAt: number | null
}

/** One page of a team's members (with their profile), by name. */
export function listTeamMembersPage(ctx: TenantBoundCtx, teamId: string, page: { offset: number; limit: number }): { rows: TeamMemberRow[]; total: number } {
  const where = and(eq(teamMemberships.tenantId, ctx.tenant.id), eq(teamMemberships.teamId, teamId))
  const rows = ctx.db
    .select({
      teamId: teamMemberships.teamId,
      userId: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      status: users.status,
      jobTitle: users.jobTitle,
      primaryTeamId: users.primaryTeamId,
      roleInTeam: teamMemberships.roleInTeam,
      joinedAt: teamMemberships.joinedAt,
      deactivatedAt: users.deactivatedAt,
    })
    .from(teamMemberships)
    .innerJoin(users, and(eq(users.tenantId, teamMemberships.tenantId), eq(users.id, teamMemberships.userId)))
    .where(where)
    .orderBy(asc(users.name), asc(users.id))
    .limit(page.limit)
    .offset(page.offset)
    .all()
  const total = ctx.db.select({ n: count() }).from(teamMemberships).where(where).get()?.n ?? 0
  return { rows, total }
}

/** Ids of the users in a team (for filters of other modules: shifts, payroll). */
export function teamMemberIds(ctx: TenantBoundCtx, teamId: string): string[] {
  return ctx.db
    .select({ id: teamMemberships.userId })
    .from(teamMemberships)
    .where(and(eq(teamMemberships.tenantId, ctx.tenant.id), eq(teamMemberships.teamId, teamId)))
    .all()
    .map((r) => r.id)
}
