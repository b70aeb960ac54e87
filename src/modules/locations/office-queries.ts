import { eq } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { locationPings, offices } from './schema'

export type OfficeRow = typeof offices.$inferSelect

/** The tenant's offices: the geofences clock-ins are checked against. */
export const listOffices = (ctx: TenantScope): OfficeRow[] =>
  ctx.db.select().from(offices).where(eq(offices.tenantId, ctx.tenant.id)).orderBy(offices.name).all()

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
