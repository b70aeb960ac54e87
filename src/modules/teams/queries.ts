import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { fastRows, prepared } from '../../kernel/db'
import { notFound } from '../../kernel/errors'
import { teamMemberships, teams, type MembershipRole } from './schema'

/** A team with the number of its membership rows. */
export type TeamRow = typeof teams.$inferSelect & { memberCount: number }
export type MembershipRow = typeof teamMemberships.$inferSelect

/** Outer columns written `${teams}.col`: a bare `${teams.tenantId}` renders unqualified in a single-table select and binds to m's own column. */
const memberCount = sql<number>`(select count(*) from ${teamMemberships} m where m.tenant_id = ${teams}.tenant_id and m.team_id = ${teams}.id)`.mapWith(Number)

const teamColumns = {
  id: teams.id,
  tenantId: teams.tenantId,
  name: teams.name,
  description: teams.description,
  managerUserId: teams.managerUserId,
  costCenterId: teams.costCenterId,
  workProfile: teams.workProfile,
  createdAt: teams.createdAt,
  memberCount,
}

interface TeamFilter {
  name?: string
  offset: number
  limit: number
}

/** One page of the tenant's teams by name, and the total. */
export function listTeamsPage(c: TenantScope, f: TeamFilter): { rows: TeamRow[]; total: number } {
  const where = and(eq(teams.tenantId, c.tenant.id), f.name ? sql`instr(lower(${teams.name}), lower(${f.name})) > 0` : undefined)
  const rows = c.db.select(teamColumns).from(teams).where(where).orderBy(asc(teams.name), asc(teams.id)).limit(f.limit).offset(f.offset).all()
  const total = c.db.select({ n: count() }).from(teams).where(where).get()?.n ?? 0
  return { rows, total }
}

export function findTeamInTenant(c: TenantScope, teamId: string): TeamRow | null {
  const stmt = prepared(c.db, 'teams.byId', (d) =>
    fastRows(
      d
        .select(teamColumns)
        .from(teams)
        .where(and(eq(teams.tenantId, sql.placeholder('tenantId')), eq(teams.id, sql.placeholder('teamId'))))
        .prepare(),
    ),
  )
  return stmt.get({ tenantId: c.tenant.id, teamId }) ?? null
}

/** Fetch-or-throw: another tenant's team is indistinguishable from a missing one. */
export function getTeamInTenant(c: TenantScope, teamId: string): TeamRow {
  const row = findTeamInTenant(c, teamId)
  if (!row) throw notFound('Team')
  return row
}

/**
 * Whether the tenant has this team, without reading the row: for a caller that only needs it to
 * exist (a filter, a path, a field naming a team). The row's member count is a count over the
 * memberships, worth skipping when unused.
 */
export function teamExistsInTenant(c: TenantScope, teamId: string): boolean {
  const stmt = prepared(c.db, 'teams.exists', (d) =>
    d
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.tenantId, sql.placeholder('tenantId')), eq(teams.id, sql.placeholder('teamId'))))
      .prepare(),
  )
  return stmt.values({ tenantId: c.tenant.id, teamId }).length > 0
}

/** teamExistsInTenant, or not_found: another tenant's team is indistinguishable from a missing one. */
export function requireTeamInTenant(c: TenantScope, teamId: string): void {
  if (!teamExistsInTenant(c, teamId)) throw notFound('Team')
}

export function findTeamByName(c: TenantScope, name: string): TeamRow | null {
  return (
    c.db
      .select(teamColumns)
      .from(teams)
      .where(and(eq(teams.tenantId, c.tenant.id), sql`lower(${teams.name}) = lower(${name})`))
      .get() ?? null
  )
}

/** Team names by id, for labelling rows. */
export function teamNames(c: TenantScope, teamIds: string[]): Map<string, string> {
  const ids = [...new Set(teamIds)]
  if (ids.length === 0) return new Map()
  const stmt = prepared(c.db, 'teams.names', (d) =>
    fastRows(
      d
        .select({ id: teams.id, name: teams.name })
        .from(teams)
        .where(and(eq(teams.tenantId, sql.placeholder('tenantId')), sql`${teams.id} in (select value from json_each(${sql.placeholder('ids')}))`))
        .prepare(),
    ),
  )
  const rows = stmt.all({ tenantId: c.tenant.id, ids: JSON.stringify(ids) })
  return new Map(rows.map((r) => [r.id, r.name]))
}

/** Teams a user manages: role_in_team manager, or named as the team's manager; by name. */
export function managedTeamIds(c: TenantScope, userId: string): string[] {
  // The two ways of managing a team each from its own index (teams_tenant_manager_idx,
  // team_memberships_tenant_user_idx), so a manager's every call does not walk all the tenant's teams.
  const rows = c.db
    .select({ id: teams.id })
    .from(teams)
    .where(
      sql`${teams.id} in (select id from teams where tenant_id = ${c.tenant.id} and manager_user_id = ${userId}
        union select team_id from team_memberships where tenant_id = ${c.tenant.id} and user_id = ${userId} and role_in_team = 'manager')`,
    )
    .orderBy(teams.name)
    .all()
  return rows.map((r) => r.id)
}

/** Users with a membership row in one of the teams (the rule in membership.ts adds primary teams). */
export function membershipUserIds(c: TenantScope, teamIds: string[]): string[] {
  if (teamIds.length === 0) return []
  const rows = c.db
    .selectDistinct({ userId: teamMemberships.userId })
    .from(teamMemberships)
    .where(and(eq(teamMemberships.tenantId, c.tenant.id), inArray(teamMemberships.teamId, teamIds)))
    .all()
  return rows.map((r) => r.userId)
}

/** The membership rows of one team. */
export function membershipsOfTeam(c: TenantScope, teamId: string): MembershipRow[] {
  const stmt = prepared(c.db, 'teamMemberships.ofTeam', (d) =>
    fastRows(
      d
        .select()
        .from(teamMemberships)
        .where(and(eq(teamMemberships.tenantId, sql.placeholder('tenantId')), eq(teamMemberships.teamId, sql.placeholder('teamId'))))
        .prepare(),
    ),
  )
  return stmt.all({ tenantId: c.tenant.id, teamId })
}

interface UserTeamRow {
  teamId: string
  name: string
  roleInTeam: MembershipRole
  joinedAt: number
}

/** The teams a user has a membership row in, by team name, with their role in each. */
export function membershipsOfUser(c: TenantScope, userId: string): UserTeamRow[] {
  return c.db
    .select({ teamId: teams.id, name: teams.name, roleInTeam: teamMemberships.roleInTeam, joinedAt: teamMemberships.joinedAt })
    .from(teamMemberships)
    .innerJoin(teams, and(eq(teams.tenantId, teamMemberships.tenantId), eq(teams.id, teamMemberships.teamId)))
    .where(and(eq(teamMemberships.tenantId, c.tenant.id), eq(teamMemberships.userId, userId)))
    .orderBy(asc(teams.name))
    .all()
}

/** The ids of membershipsOfUser, same rows and order, through a statement prepared once per connection (every ingestion batch asks). */
export function membershipTeamIdsOfUser(c: TenantScope, userId: string): string[] {
  return prepared(c.db, 'teams.membershipIdsOfUser', (d) =>
    fastRows(
      d
        .select({ teamId: teams.id })
        .from(teamMemberships)
        .innerJoin(teams, and(eq(teams.tenantId, teamMemberships.tenantId), eq(teams.id, teamMemberships.teamId)))
        .where(and(eq(teamMemberships.tenantId, sql.placeholder('tenantId')), eq(teamMemberships.userId, sql.placeholder('userId'))))
        .orderBy(asc(teams.name))
        .prepare(),
    ),
  )
    .all({ tenantId: c.tenant.id, userId })
    .map((r) => r.teamId)
}

/** Creates a team (no members yet). */
export function insertTeam(c: TenantScope, row: { id: string; name: string }): TeamRow {
  const created = c.db
    .insert(teams)
    .values({ ...row, tenantId: c.tenant.id, createdAt: c.now })
    .returning()
    .get()
  return { ...created, memberCount: 0 }
}

export function setTeamManagerIfNone(c: TenantScope, teamId: string, userId: string): void {
  c.db
    .update(teams)
    .set({ managerUserId: userId })
    .where(and(eq(teams.tenantId, c.tenant.id), eq(teams.id, teamId), sql`${teams.managerUserId} is null`))
    .run()
}

/** Adds a user to a team at the context's clock, or changes their role in it. */
export function addMembership(c: TenantScope, row: { teamId: string; userId: string; roleInTeam: MembershipRole }): void {
  c.db
    .insert(teamMemberships)
    .values({ ...row, tenantId: c.tenant.id, joinedAt: c.now })
    .onConflictDoUpdate({ target: [teamMemberships.teamId, teamMemberships.userId], set: { roleInTeam: row.roleInTeam } })
    .run()
}
