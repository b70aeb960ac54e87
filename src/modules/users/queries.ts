import { and, eq } from 'drizzle-orm'
import type { DbLike } from '../../kernel/db'
import type { Ctx } from '../../kernel/ctx'
import { notFound } from '../../kernel/errors'
import { users } from './schema'

export type UserRow = typeof users.$inferSelect
export type NewUserRow = typeof users.$inferInsert

/** Unscoped read for authentication only: a key row already names the tenant. */
export const findUserForAuth = (db: DbLike, tenantId: number, userId: string): UserRow | null =>
  db.select().from(users).where(and(eq(users.tenantId, tenantId), eq(users.id, userId))).get() ?? null

export const insertUser = (db: DbLike, row: NewUserRow): UserRow => db.insert(users).values(row).returning().get()

export function findUserInTenant(ctx: Ctx & { tenant: { id: number } }, userId: string): UserRow | null {
  return ctx.db.select().from(users).where(and(eq(users.tenantId, ctx.tenant.id), eq(users.id, userId))).get() ?? null
}

/** Fetch-or-throw: another tenant's id is indistinguishable from a missing one. */
export function getUserInTenant(ctx: Ctx & { tenant: { id: number } }, userId: string): UserRow {
  const row = findUserInTenant(ctx, userId)
  if (!row) throw notFound('User')
  return row
}

export function findUserByEmail(ctx: Ctx & { tenant: { id: number } }, email: string): UserRow | null {
  return ctx.db.select().from(users).where(and(eq(users.tenantId, ctx.tenant.id), eq(users.email, email.toLowerCase()))).get() ?? null
}
