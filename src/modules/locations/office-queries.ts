import { and, eq, sql } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { prepared } from '../../kernel/db'
import { locationPings, offices } from './schema'

export type OfficeRow = typeof offices.$inferSelect

/** The tenant's offices: the geofences clock-ins are checked against. */
export const listOffices = (ctx: TenantScope): OfficeRow[] =>
  prepared(ctx.db, 'offices.ofTenant', (d) =>
    d
      .select()
      .from(offices)
      .where(eq(offices.tenantId, sql.placeholder('tenantId')))
      .orderBy(offices.name)
      .prepare(),
  ).all({ tenantId: ctx.tenant.id })

export function insertLocationPing(ctx: TenantScope, row: Omit<typeof locationPings.$inferInsert, 'tenantId'>): void {
  ctx.db
    .insert(locationPings)
    .values({ ...row, tenantId: ctx.tenant.id })
    .run()
}

export const insertOffice = (ctx: TenantScope, row: Omit<typeof offices.$inferInsert, 'tenantId'>): OfficeRow =>
  ctx.db
    .insert(offices)
    .values({ ...row, tenantId: ctx.tenant.id })
    .returning()
    .get()

/** One office of the tenant (prepared: the geofence policy of every clock-in of a person with a home office asks). */
export const findOfficeById = (ctx: TenantScope, id: string): OfficeRow | null =>
  prepared(ctx.db, 'offices.byId', (d) =>
    d
      .select()
      .from(offices)
      .where(and(eq(offices.tenantId, sql.placeholder('tenantId')), eq(offices.id, sql.placeholder('id'))))
      .prepare(),
  ).get({ tenantId: ctx.tenant.id, id }) ?? null

/** An office by name, case-insensitively (how operators name one on the command line). */
export const findOfficeByName = (ctx: TenantScope, name: string): OfficeRow | null =>
  ctx.db
    .select()
    .from(offices)
    .where(and(eq(offices.tenantId, ctx.tenant.id), sql`lower(${offices.name}) = lower(${name})`))
    .get() ?? null

export const officeNameTaken = (ctx: TenantScope, name: string, exceptId: string | null): boolean => {
  const row = findOfficeByName(ctx, name)
  return row !== null && row.id !== exceptId
}

export function updateOffice(ctx: TenantScope, id: string, values: Partial<Omit<OfficeRow, 'id' | 'tenantId' | 'createdAt'>>): void {
  if (Object.keys(values).length === 0) return
  ctx.db
    .update(offices)
    .set(values)
    .where(and(eq(offices.tenantId, ctx.tenant.id), eq(offices.id, id)))
    .run()
}

export function deleteOffice(ctx: TenantScope, id: string): void {
  ctx.db
    .delete(offices)
    .where(and(eq(offices.tenantId, ctx.tenant.id), eq(offices.id, id)))
    .run()
}
