import { and, eq, inArray, or, sql } from 'drizzle-orm'
import type { Ctx } from '../../kernel/ctx'
import { prepared, type DbLike } from '../../kernel/db'
import { notFound } from '../../kernel/errors'
import { teamMemberships, teams, type MembershipRole } from './schema'

/**
 * Team reads the MCP tools need (who manages what, who is in which team). Kept apart from the
 * REST engineer's queries.ts so both can grow without stepping on each other.
 */
type TenantScoped = Ctx & { tenant: { id: number } }
export type TeamRow = typeof teams.$inferSelect

/** Teams a user manages: role_in_team manager, or named as the team's manager. */
export function managedTeamIds(ctx: TenantScoped, userId: string): string[] {
  const rows = ctx.db
    .select({ id: teams.id })
    .from(teams)
    .where(
      and(
        eq(teams.tenantId, ctx.tenant.id),
        or(
          eq(teams.managerUserId, userId),
          sql`exists (select 1 from ${teamMemberships} m where m.tenant_id = ${teams.tenantId} and m.team_id = ${teams.id} and m.user_id = ${userId} and m.role_in_team = 'manager')`,
        ),
      ),
    )
    .orderBy(teams.name)
    .all()
  return rows.map((r) => r.id)
}

/** Members of the given teams (any role in team). */
export function teamMemberIds(ctx: TenantScoped, teamIds: string[]): string[] {
  if (teamIds.length === 0) return []
  const rows = ctx.db
    .selectDistinct({ userId: teamMemberships.userId })
    .from(teamMemberships)
    .where(and(eq(teamMemberships.tenantId, ctx.tenant.id), inArray(teamMemberships.teamId, teamIds)))
    .all()
  return rows.map((r) => r.userId)
}

export function findTeamInTenant(ctx: TenantScoped, teamId: string): TeamRow | null {
  return ctx.db.select().from(teams).where(and(eq(teams.tenantId, ctx.tenant.id), eq(teams.id, teamId))).get() ?? null
}

/** Fetch-or-throw: another tenant's team id is indistinguishable from a missing one. */
export function getTeamInTenant(ctx: TenantScoped, teamId: string): TeamRow {
  const row = findTeamInTenant(ctx, teamId)
  if (!row) throw notFound('Team')
  return row
}

export function findTeamByName(ctx: TenantScoped, name: string): TeamRow | null {
  return ctx.db.select().from(teams).where(and(eq(teams.tenantId, ctx.tenant.id), sql`lower(${teams.name}) = lower(${name})`)).get() ?? null
}

/** Team names by id, for labelling rows. */
export function teamNames(ctx: TenantScoped, teamIds: string[]): Map<string, string> {
  const ids = [...new Set(teamIds)]
  if (ids.length === 0) return new Map()
  const stmt = prepared(ctx.db, 'teams.names', (d) =>
    d
      .select({ id: teams.id, name: teams.name })
      .from(teams)
      .where(and(eq(teams.tenantId, sql.placeholder('tenantId')), sql`${teams.id} in (select value from json_each(${sql.placeholder('ids')}))`))
      .prepare(),
  )
  const rows = stmt.all({ tenantId: ctx.tenant.id, ids: JSON.stringify(ids) })
  return new Map(rows.map((r) => [r.id, r.name]))
}

export function insertTeam(db: DbLike, row: typeof teams.$inferInsert): TeamRow {
  return db.insert(teams).values(row).returning().get()
}

export function setTeamManagerIfNone(db: DbLike, tenantId: number, teamId: string, userId: string): void {
  db.update(teams)
    .set({ managerUserId: userId })
    .where(and(eq(teams.tenantId, tenantId), eq(teams.id, teamId), sql`${teams.managerUserId} is null`))
    .run()
}

export function addMembership(db: DbLike, row: { tenantId: number; teamId: string; userId: string; roleInTeam: MembershipRole; joinedAt: number }): void {
  db.insert(teamMemberships)
    .values(row)
    .onConflictDoUpdate({ target: [teamMemberships.teamId, teamMemberships.userId], set: { roleInTeam: row.roleInTeam } })
    .run()
}
