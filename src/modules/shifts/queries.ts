import { and, asc, count, eq } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { notFound } from '../../kernel/errors'
import { shiftTemplates } from './schema'

export type ShiftTemplateRow = typeof shiftTemplates.$inferSelect

export function listTemplatesPage(c: TenantScope, page: { offset: number; limit: number }): { rows: ShiftTemplateRow[]; total: number } {
  const where = eq(shiftTemplates.tenantId, c.tenant.id)
  const rows = c.db
    .select()
    .from(shiftTemplates)
    .where(where)
    .orderBy(asc(shiftTemplates.startTime), asc(shiftTemplates.name))
    .limit(page.limit)
    .offset(page.offset)
    .all()
  return { rows, total: c.db.select({ n: count() }).from(shiftTemplates).where(where).get()?.n ?? 0 }
}

/** Fetch-or-throw: another tenant's template is indistinguishable from a missing one. */
export function getTemplateInTenant(c: TenantScope, templateId: string): ShiftTemplateRow {
  const row = c.db
    .select()
    .from(shiftTemplates)
    .where(and(eq(shiftTemplates.tenantId, c.tenant.id), eq(shiftTemplates.id, templateId)))
    .get()
  if (!row) throw notFound('Shift template')
  return row
}

/** A template by its name (the CLI's `--template-id Early`); null when none or ambiguous. */
export function findTemplateByName(c: TenantScope, name: string): ShiftTemplateRow | null {
  const rows = c.db
    .select()
    .from(shiftTemplates)
    .where(and(eq(shiftTemplates.tenantId, c.tenant.id), eq(shiftTemplates.name, name)))
    .limit(2)
    .all()
  return rows.length === 1 ? rows[0]! : null
}
