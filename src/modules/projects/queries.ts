import { and, asc, count, eq } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
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
export function listProjectsPage(c: TenantScope, f: ProjectFilter): { rows: ProjectRow[]; total: number } {
  const where = and(
    eq(projects.tenantId, c.tenant.id),
    f.status ? eq(projects.status, f.status) : undefined,
    f.externalSource ? eq(projects.externalSource, f.externalSource) : undefined,
  )
  const rows = c.db.select().from(projects).where(where).orderBy(asc(projects.name), asc(projects.id)).limit(f.limit).offset(f.offset).all()
  return { rows, total: c.db.select({ n: count() }).from(projects).where(where).get()?.n ?? 0 }
}

/** Fetch-or-throw: another tenant's project is indistinguishable from a missing one. */
export function getProjectInTenant(c: TenantScope, projectId: string): ProjectRow {
  const row = c.db
    .select()
    .from(projects)
    .where(and(eq(projects.tenantId, c.tenant.id), eq(projects.id, projectId)))
    .get()
  if (!row) throw notFound('Project')
  return row
}

/** The project an external tool knows as (source, id): the key of the sync upsert. */
export const findProjectByExternalId = (c: TenantScope, source: string, externalId: string): ProjectRow | null =>
  c.db
    .select()
    .from(projects)
    .where(and(eq(projects.tenantId, c.tenant.id), eq(projects.externalSource, source), eq(projects.externalId, externalId)))
    .get() ?? null

export const insertProject = (c: TenantScope, row: Omit<NewProjectRow, 'tenantId'>): ProjectRow =>
  c.db
    .insert(projects)
    .values({ ...row, tenantId: c.tenant.id })
    .returning()
    .get()

export function updateProjectRow(c: TenantScope, projectId: string, patch: Partial<Omit<NewProjectRow, 'id' | 'tenantId'>>): ProjectRow {
  const row = c.db
    .update(projects)
    .set(patch)
    .where(and(eq(projects.tenantId, c.tenant.id), eq(projects.id, projectId)))
    .returning()
    .get()
  if (!row) throw notFound('Project')
  return row
}
