import { and, asc, count, eq } from 'drizzle-orm'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { notFound } from '../../kernel/errors'
import { projects, type ProjectStatus } from './schema'

export type ProjectRow = typeof projects.$inferSelect
export type NewProjectRow = typeof projects.$inferInsert

export interface ProjectFilter {
  status?: ProjectStatus
  externalSource?: string
  offset: number
  limit: number
}

/** One page of the tenant's projects by name, and the total. */
export function listProjectsPage(ctx: TenantBoundCtx, f: ProjectFilter): { rows: ProjectRow[]; total: number } {
  const where = and(
    eq(projects.tenantId, ctx.tenant.id),
    f.status ? eq(projects.status, f.status) : undefined,
    f.externalSource ? eq(projects.externalSource, f.externalSource) : undefined,
  )
  const rows = ctx.db.select().from(projects).where(where).orderBy(asc(projects.name), asc(projects.id)).limit(f.limit).offset(f.offset).all()
  return { rows, total: ctx.db.select({ n: count() }).from(projects).where(where).get()?.n ?? 0 }
}

/** Fetch-or-throw: another tenant's project is indistinguishable from a missing one. */
export function getProjectInTenant(ctx: TenantBoundCtx, projectId: string): ProjectRow {
  const row = ctx.db.select().from(projects).where(and(eq(projects.tenantId, ctx.tenant.id), eq(projects.id, projectId))).get()
  if (!row) throw notFound('Project')
  return row
}

/** The project an external tool knows as (source, id): the key of the sync upsert. */
export const findProjectByExternalId = (ctx: TenantBoundCtx, source: string, externalId: string): ProjectRow | null =>
  ctx.db
    .select()
    .from(projects)
    .where(and(eq(projects.tenantId, ctx.tenant.id), eq(projects.externalSource, source), eq(projects.externalId, externalId)))
    .get() ?? null

export const insertProject = (ctx: TenantBoundCtx, row: Omit<NewProjectRow, 'tenantId'>): ProjectRow =>
  ctx.db.insert(projects).values({ ...row, tenantId: ctx.tenant.id }).returning().get()

export function updateProjectRow(ctx: TenantBoundCtx, projectId: string, patch: Partial<Omit<NewProjectRow, 'id' | 'tenantId'>>): ProjectRow {
  const row = ctx.db.update(projects).set(patch).where(and(eq(projects.tenantId, ctx.tenant.id), eq(projects.id, projectId))).returning().get()
  if (!row) throw notFound('Project')
  return row
}
