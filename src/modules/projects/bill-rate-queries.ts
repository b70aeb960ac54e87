import { and, asc, eq } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { projectBillRates, projects } from './schema'

export type ProjectBillRateRow = typeof projectBillRates.$inferSelect

/** A project's bill rate history, oldest first. */
export const billRatesOfProject = (c: TenantScope, projectId: string): ProjectBillRateRow[] =>
  c.db
    .select()
    .from(projectBillRates)
    .where(and(eq(projectBillRates.tenantId, c.tenant.id), eq(projectBillRates.projectId, projectId)))
    .orderBy(asc(projectBillRates.effectiveFrom), asc(projectBillRates.id))
    .all()

/** One bill rate of the tenant by id (null: none, or another tenant's). */
export const findBillRate = (c: TenantScope, id: string): ProjectBillRateRow | null =>
  c.db
    .select()
    .from(projectBillRates)
    .where(and(eq(projectBillRates.tenantId, c.tenant.id), eq(projectBillRates.id, id)))
    .get() ?? null

export const insertBillRate = (c: TenantScope, row: Omit<typeof projectBillRates.$inferInsert, 'tenantId'>): ProjectBillRateRow =>
  c.db
    .insert(projectBillRates)
    .values({ ...row, tenantId: c.tenant.id })
    .returning()
    .get()

export const setBillRateEnd = (c: TenantScope, id: string, effectiveTo: string): ProjectBillRateRow =>
  c.db
    .update(projectBillRates)
    .set({ effectiveTo })
    .where(and(eq(projectBillRates.tenantId, c.tenant.id), eq(projectBillRates.id, id)))
    .returning()
    .get()!

/** A project by exact name (how an operator names one on the command line). */
export const findProjectByName = (c: TenantScope, name: string) =>
  c.db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.tenantId, c.tenant.id), eq(projects.name, name)))
    .get() ?? null
