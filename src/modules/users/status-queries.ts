import { and, eq, isNull } from 'drizzle-orm'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { breaks, type BreakKind } from '../time-tracking/schema'

/** The user's running break, if any (at most one: breaks_one_open_uq). */
export function openBreakOf(ctx: TenantBoundCtx, userId: string): { kind: BreakKind; startedAt: number } | null {
  return (
    ctx.db
      .select({ kind: breaks.kind, startedAt: breaks.startedAt })
      .from(breaks)
      .where(and(eq(breaks.tenantId, ctx.tenant.id), eq(breaks.userId, userId), isNull(breaks.endedAt)))
      .get() ?? null
  )
}
