import { and, desc, eq } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { newId } from '../../kernel/ids'
import { presenceTaps, timeLogs } from './schema'

export type PresenceTapRow = typeof presenceTaps.$inferSelect

export const insertPresenceTap = (ctx: TenantScope, row: Omit<typeof presenceTaps.$inferInsert, 'id' | 'tenantId'>): PresenceTapRow =>
  ctx.db
    .insert(presenceTaps)
    .values({ ...row, id: newId(), tenantId: ctx.tenant.id })
    .returning()
    .get()

export const lastTapOfLog = (ctx: TenantScope, timeLogId: string): PresenceTapRow | null =>
  ctx.db
    .select()
    .from(presenceTaps)
    .where(and(eq(presenceTaps.tenantId, ctx.tenant.id), eq(presenceTaps.timeLogId, timeLogId)))
    .orderBy(desc(presenceTaps.tappedAt))
    .get() ?? null

/** Moves the time log's next presence confirmation (null: none due). */
export function setNextTapDue(ctx: TenantScope, timeLogId: string, nextTapDueAt: number | null): void {
  ctx.db
    .update(timeLogs)
    .set({ nextTapDueAt })
    .where(and(eq(timeLogs.tenantId, ctx.tenant.id), eq(timeLogs.id, timeLogId)))
    .run()
}
