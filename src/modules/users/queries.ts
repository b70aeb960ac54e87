import { and, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm'
import { fastRows, prepared, sqliteOf, type DbLike } from '../../kernel/db'
import type { Role, TenantScope } from '../../kernel/ctx'
import { notFound } from '../../kernel/errors'
import { invitations, users, type UserStatus, type WorkProfile } from './schema'
import { countPeopleInStatuses } from './status-counts'

export type UserRow = typeof users.$inferSelect
type NewUserRow = Omit<typeof users.$inferInsert, 'tenantId'>

/**
 * Authentication's read of a key's user: one prepared statement, the hottest user lookup. Rows
 * built by fastRows (every column is stored as returned): drizzle's per-value mapping was most of
 * the read's ~12 µs (get_productivity_overview with the public demo key reads its persona here).
 */
export const findUserForAuth = (c: TenantScope, userId: string): UserRow | null =>
  prepared(c.db, 'users.forAuth', (d) =>
    fastRows(
      d
        .select()
        .from(users)
        .where(and(eq(users.tenantId, sql.placeholder('tenantId')), eq(users.id, sql.placeholder('userId'))))
        .prepare(),
    ),
  ).get({ tenantId: c.tenant.id, userId }) ?? null

export const insertUser = (c: TenantScope, row: NewUserRow): UserRow =>
  c.db
    .insert(users)
    .values({ ...row, tenantId: c.tenant.id })
    .returning()
    .get()

/** One user of the context's tenant (the same prepared statement as authentication's read). */
export const findUserInTenant = (c: TenantScope, userId: string): UserRow | null => findUserForAuth(c, userId)

/**
 * The key's user as authentication read it in this request (TenantCtx.asOfAuth), or read now when
 * the context carries another user or none. Only where the operation does not change that user
 * before using the row (see the rule at TenantCtx.asOfAuth).
 */
export function userAsOfAuth(c: TenantScope, userId: string): UserRow {
  const known = c.tenant.asOfAuth?.user
  return known && known.id === userId && known.tenantId === c.tenant.id ? known : getUserInTenant(c, userId)
}

/** Fetch-or-throw: another tenant's id is indistinguishable from a missing one. */
export function getUserInTenant(c: TenantScope, userId: string): UserRow {
  const row = findUserInTenant(c, userId)
  if (!row) throw notFound('User')
  return row
}

export function findUserByEmail(c: TenantScope, email: string): UserRow | null {
  return (
    c.db
      .select()
      .from(users)
      .where(and(eq(users.tenantId, c.tenant.id), eq(users.email, email.toLowerCase())))
      .get() ?? null
  )
}

// ---- reads of the MCP tools (list_employees, get_employee_details, dashboards) ----

export interface UserFilter {
  /** null: every user of the tenant; otherwise only these ids. */
  userIds: string[] | null
  /** Case-insensitive substring of name or email. */
  search?: string | null
  includeDeactivated?: boolean
  /** Only this role / this status (a status filter overrides includeDeactivated). */
  role?: Role | null
  status?: UserStatus | null
  /** Only people of this work profile. */
  workProfile?: WorkProfile | null
}

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (ch) => `\\${ch}`)

function userWhere(c: TenantScope, f: UserFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(users.tenantId, c.tenant.id)]
  if (f.userIds !== null) parts.push(inArray(users.id, f.userIds))
  if (!f.includeDeactivated) parts.push(ne(users.status, 'deactivated'))
  if (f.search) {
    const pattern = `%${escapeLike(f.search.toLowerCase())}%`
    parts.push(sql`(lower(${users.name}) like ${pattern} escape '\\' or lower(${users.email}) like ${pattern} escape '\\')`)
  }
  return and(...parts)
}

/**
 * The list_employees filter as prepared statements, one per shape of filter (ids or not, search or
 * not, deactivated or not): each is built and planned once, and the id list travels as one JSON
 * array parameter. This is the hottest read of the MCP server.
 */
function pageWhere(f: UserFilter): SQL | undefined {
  const ph = sql.placeholder
  return and(
    eq(users.tenantId, ph('tenantId')),
    f.status ? eq(users.status, ph('status')) : f.includeDeactivated ? undefined : ne(users.status, 'deactivated'),
    f.role ? eq(users.role, ph('role')) : undefined,
    f.workProfile ? eq(users.workProfile, ph('workProfile')) : undefined,
    f.userIds === null ? undefined : sql`${users.id} in (select value from json_each(${ph('ids')}))`,
    f.search ? sql`(lower(${users.name}) like ${ph('pattern')} escape '\\' or lower(${users.email}) like ${ph('pattern')} escape '\\')` : undefined,
  )
}

const shapeOf = (f: UserFilter) =>
  `${f.userIds === null ? 'all' : 'ids'}:${f.search ? 'search' : '-'}:${f.status ? 'status' : f.includeDeactivated ? 'any' : 'live'}:${f.role ? 'role' : '-'}:${f.workProfile ? 'profile' : '-'}`

function pageParams(c: TenantScope, f: UserFilter) {
  return {
    tenantId: c.tenant.id,
    ids: JSON.stringify(f.userIds ?? []),
    pattern: f.search ? `%${escapeLike(f.search.toLowerCase())}%` : null,
    status: f.status ?? null,
    role: f.role ?? null,
    workProfile: f.workProfile ?? null,
  }
}

/**
 * The columns a listed person shows (GET /users, list_employees, a team's members): 8 of the 19 a
 * users row has. Reading whole rows for a page cost ~14 µs of a 20-row list_employees call (issue 18).
 */
const pageColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  status: users.status,
  jobTitle: users.jobTitle,
  primaryTeamId: users.primaryTeamId,
  deactivatedAt: users.deactivatedAt,
}
/** A person as a page of people lists them. */
export type ListedUser = Pick<UserRow, keyof typeof pageColumns>

/** One page of users by name, and the total matching the filter. */
export function listUsersPage(c: TenantScope, f: UserFilter, limit: number, offset: number): { rows: ListedUser[]; total: number } {
  if (f.userIds !== null && f.userIds.length === 0) return { rows: [], total: 0 }
  const params = pageParams(c, f)
  const shape = shapeOf(f)
  const page = prepared(c.db, `users.page:${shape}`, (d) =>
    fastRows(
      d
        .select(pageColumns)
        .from(users)
        .where(pageWhere(f))
        .orderBy(users.name, users.id)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(),
    ),
  )
  const rows = page.all({ ...params, limit, offset })
  // A short page that is not empty (or the first page) already tells the total: skip the count.
  const shortPage = rows.length < limit && (rows.length > 0 || offset === 0)
  if (shortPage) return { rows, total: offset + rows.length }
  // Everyone in some statuses: the counts the triggers keep (status-counts.ts); other filters count their rows.
  const statuses = statusesOnly(f)
  if (statuses !== undefined) return { rows, total: countPeopleInStatuses(c, statuses) }
  const counter = prepared(c.db, `users.count:${shape}`, (d) => d.select({ n: count() }).from(users).where(pageWhere(f)).prepare())
  return { rows, total: counter.get(params)?.n ?? 0 }
}

/** The statuses a filter keeps when it filters by nothing else (null: every status); undefined when it filters by more. */
function statusesOnly(f: UserFilter): readonly UserStatus[] | null | undefined {
  if (f.userIds !== null || f.search || f.role || f.workProfile) return undefined
  if (f.status) return [f.status]
  return f.includeDeactivated ? null : (['invited', 'active'] as const)
}

/** Every user matching the filter, by name (for aggregates over a team or the organisation). */
export function usersMatching(c: TenantScope, f: UserFilter): UserRow[] {
  if (f.userIds !== null && f.userIds.length === 0) return []
  return c.db.select().from(users).where(userWhere(c, f)).orderBy(users.name).all()
}

/** The columns summarize_team_hours needs of a person. */
export type HoursMember = Pick<UserRow, 'id' | 'name' | 'weeklyHours'>

/**
 * The active people of usersMatching(c, { userIds }) with the three columns summarize_team_hours
 * reads, by name as it orders them: one prepared statement per shape (the ids travel as one JSON
 * array) whose rows bun:sqlite builds itself. Drizzle's per-row mapping cost ~2 ms of the
 * organisation-wide call at 1,000 people, and building the rows from arrays in JavaScript a
 * further ~50 µs (issue 18, perf-reads-js).
 */
export function hoursMembers(c: TenantScope, userIds: string[] | null): HoursMember[] {
  if (userIds !== null && userIds.length === 0) return []
  const all = userIds === null
  const stmt = prepared(c.db, `users.hoursMembers:${all}`, (d) =>
    sqliteOf(d).query<HoursMember, (string | number)[]>(
      `select id, name, weekly_hours as weeklyHours from users where tenant_id = ? and status = 'active'${all ? '' : ' and id in (select value from json_each(?))'}
       order by name, id`,
    ),
  )
  return all ? stmt.all(c.tenant.id) : stmt.all(c.tenant.id, JSON.stringify(userIds))
}

/** Active people (seats in use); invited and deactivated people do not count. */
export function countActiveUsers(c: TenantScope, userIds: string[] | null): number {
  if (userIds !== null && userIds.length === 0) return 0
  // The whole organisation: the kept counts (status-counts.ts), not a count over its people.
  if (userIds === null) return countPeopleInStatuses(c, ['active'])
  const where = and(eq(users.tenantId, c.tenant.id), eq(users.status, 'active'), inArray(users.id, userIds))
  return c.db.select({ n: count() }).from(users).where(where).get()?.n ?? 0
}

/** Names and emails by id, for labelling rows of other modules. */
export function userLabels(c: TenantScope, ids: string[]): Map<string, { name: string; email: string; primaryTeamId: string | null }> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const rows = c.db
    .select({ id: users.id, name: users.name, email: users.email, primaryTeamId: users.primaryTeamId })
    .from(users)
    .where(and(eq(users.tenantId, c.tenant.id), inArray(users.id, unique)))
    .all()
  return new Map(rows.map((r) => [r.id, { name: r.name, email: r.email, primaryTeamId: r.primaryTeamId }]))
}

/** People whose primary team is one of these (the teams module's membership rule counts them). */
export function userIdsWithPrimaryTeam(c: TenantScope, teamIds: string[]): string[] {
  if (teamIds.length === 0) return []
  return c.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, c.tenant.id), inArray(users.primaryTeamId, teamIds)))
    .all()
    .map((r) => r.id)
}

export function setPrimaryTeam(c: TenantScope, userId: string, teamId: string): void {
  c.db
    .update(users)
    .set({ primaryTeamId: teamId })
    .where(and(eq(users.tenantId, c.tenant.id), eq(users.id, userId)))
    .run()
}

export const insertInvitation = (c: TenantScope, row: Omit<typeof invitations.$inferInsert, 'tenantId'>) =>
  c.db
    .insert(invitations)
    .values({ ...row, tenantId: c.tenant.id })
    .returning()
    .get()

/** Moves everyone whose home office is `officeId` to no home office (before the office is removed); returns how many. */
export function clearHomeOffice(c: TenantScope, officeId: string): number {
  return c.db
    .update(users)
    .set({ homeOfficeId: null })
    .where(and(eq(users.tenantId, c.tenant.id), eq(users.homeOfficeId, officeId)))
    .returning({ id: users.id })
    .all().length
}

/** How many people have `officeId` as their home office. */
export function countHomeOfficePeople(c: TenantScope, officeId: string): number {
  return c.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, c.tenant.id), eq(users.homeOfficeId, officeId)))
    .all().length
}
/**
 * Console sign-in: the active people with this e-mail in every tenant (the sign-in form names no
 * company; accounts/sign-in.ts tries the password against each). Global by design, like key lookup.
 */
export const activeUsersByEmailInAnyTenant = (db: DbLike, email: string): UserRow[] =>
  db
    .select()
    .from(users)
    .where(and(eq(users.email, email.trim().toLowerCase()), eq(users.status, 'active')))
    .all()

declare module '../../kernel/ctx' {
  /** The key's user as authentication read it (TenantCtx.asOfAuth); null for a key bound to no user. */
  interface AuthRows {
    readonly user: UserRow | null
  }
}
