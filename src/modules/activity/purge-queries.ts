import { sql } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { deleteBatchBefore } from '../../kernel/purge'
import { activityBlocks, activitySamples, agentSessions, ingestBatches } from './schema'

/** Retention of activity data: each deletes at most `limit` rows older than `cutoff`. */

export const purgeSamplesBefore = (c: TenantScope, cutoff: number, limit: number): number =>
  deleteBatchBefore(c, activitySamples, activitySamples.startedAt, cutoff, limit)

export const purgeBlocksBefore = (c: TenantScope, cutoff: number, limit: number): number =>
  deleteBatchBefore(c, activityBlocks, activityBlocks.endedAt, cutoff, limit)

/** Only ended sessions; samples keep their own retention (their session_id is set null). */
export const purgeEndedAgentSessionsBefore = (c: TenantScope, cutoff: number, limit: number): number =>
  deleteBatchBefore(c, agentSessions, agentSessions.endedAt, cutoff, limit, sql`ended_at is not null`)

/**
 * Ingest batch ids only deduplicate retries; a retry older than the late window (LATE_WINDOW_DAYS)
 * would be refused anyway, so ids past the retention (at least that long) serve nothing.
 */
export const purgeIngestBatchesBefore = (c: TenantScope, cutoff: number, limit: number): number =>
  deleteBatchBefore(c, ingestBatches, ingestBatches.receivedAt, cutoff, limit)
