import type { DbLike } from '../kernel/db'
import { pruneMinuteCounts } from '../modules/rate-limits/mcp-queries'
import { countThisTurn, type TurnTicket } from '../modules/rate-limits/turn-batch'

/** A call being counted: await `turn`, then `[index]` says whether it was allowed. */
export interface PendingRate extends TurnTicket {
  limit: number
  /** Seconds until the call's minute window ends (at least 1): the refusal's retry hint. */
  retryAfterSeconds: number
}

/**
 * MCP calls per key per fixed UTC minute (config.mcpRateLimitPerMinute; 0 or less: no limit).
 * Every call is counted in the database (rate_limit_counters, window 'minute') on the counters
 * connection, in the same per-turn transaction as the REST limits (rate-limits/turn-batch.ts): the
 * limit holds across processes on one data directory and across a crash, and a refused call
 * counts nothing.
 */
export class McpRateLimiter {
  private prunedAt = 0

  constructor(
    private readonly db: DbLike,
    private readonly limitPerMinute: number,
  ) {}

  /**
   * Counts one call with the other requests of this event-loop turn; null when there is no limit
   * (nothing is counted). The caller awaits `turn` (one promise shared by the turn's requests)
   * before it runs the call: `(await p.turn)[p.index].allowed`.
   */
  hit(tenantId: number, keyId: string, now: number): PendingRate | null {
    const limit = this.limitPerMinute
    if (limit <= 0) return null
    const windowStart = Math.floor(now / 60_000) * 60
    const t = countThisTurn(this.db, { tenantId, counters: [{ keyId, window: 'minute', windowStart, limit }] })
    return { turn: t.turn, index: t.index, limit, retryAfterSeconds: Math.max(1, windowStart + 60 - Math.floor(now / 1000)) }
  }

  /** Deletes minute windows older than an hour; does the work at most once a minute. */
  prune(now: number): void {
    if (now - this.prunedAt < 60_000) return
    this.prunedAt = now
    pruneMinuteCounts(this.db, Math.floor(now / 1000) - 3600)
  }
}
