import { eq, sql, type SQL } from 'drizzle-orm'
import type { AnySQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { DbLike } from '../../kernel/db'
import { activityBlocks, activitySamples, agentSessions } from '../activity/schema'
import { locationPings } from '../locations/schema'
import { toolCalls } from '../analytics/schema'
import { webhookDeliveries } from '../webhooks/schema'
import { retentionPolicies, tenants, type DataKind } from '../tenants/schema'

/** Retention days per data kind of a tenant's plan. */
export function retentionDaysOf(db: DbLike, tenantId: number): Map<DataKind, number> {
  const rows = db
    .select({ kind: retentionPolicies.dataKind, days: retentionPolicies.retentionDays })
    .from(retentionPolicies)
    .innerJoin(tenants, eq(tenants.planId, retentionPolicies.planId))
    .where(eq(tenants.id, tenantId))
    .all()
  return new Map(rows.map((r) => [r.kind, r.days]))
}

interface PurgeTarget {
  table: SQLiteTable
  /** When a row's data was recorded: rows older than the cutoff go. */
  time: AnySQLiteColumn
  /** Rows that must stay whatever their age (still in use). */
  keepUnless?: SQL
}

/** What retention purges per data kind. Screenshots are never captured: nothing to purge. */
const TARGETS: Partial<Record<DataKind, PurgeTarget>> = {
  activity_samples: { table: activitySamples, time: activitySamples.startedAt },
  activity_blocks: { table: activityBlocks, time: activityBlocks.endedAt },
  location_pings: { table: locationPings, time: locationPings.recordedAt },
  // Only ended sessions; samples keep their own retention (their session_id is set null).
  agent_sessions: { table: agentSessions, time: agentSessions.endedAt, keepUnless: sql`ended_at is not null` },
  tool_calls: { table: toolCalls, time: toolCalls.startedAt },
  // Finished deliveries only: pending ones are still owed to a receiver.
  webhook_deliveries: { table: webhookDeliveries, time: webhookDeliveries.createdAt, keepUnless: sql`completed_at is not null` },
}

/**
 * Deletes at most `limit` rows of one kind older than `cutoff` for a tenant; returns the count.
 * Small batches keep each write transaction short while the server keeps serving.
 */
export function deleteExpired(db: DbLike, tenantId: number, kind: DataKind, cutoff: number, limit: number): number {
  const target = TARGETS[kind]
  if (!target) return 0
  const { table, time, keepUnless } = target
  const extra = keepUnless ? sql` and ${keepUnless}` : sql``
  return db.all(sql`delete from ${table} where rowid in (
      select rowid from ${table} where tenant_id = ${tenantId} and ${time} < ${cutoff}${extra} limit ${limit}
    ) returning 1`).length
}
