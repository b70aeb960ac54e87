import type { DbLike } from '../kernel/db'
import { countMinuteCall, pruneMinuteCounts } from '../modules/rate-limits/mcp-queries'

export interface RateDecision {
  allowed: boolean
  limit: number
  remaining: number
  retryAfterSeconds: number
}

/**
 * MCP calls per key per fixed UTC minute (config.mcpRateLimitPerMinute; 0 or less: no limit).
 * Every call is counted in the database (rate_limit_counters, window 'minute') with one UPSERT on
 * the counters connection, as the REST limits are: the limit holds across processes on one data
 * directory and across a crash, and a refused call counts nothing.
 */
export class McpRateLimiter {
  private prunedAt = 0

  constructor(
    private readonly db: DbLike,
    private readonly limitPerMinute: number,
  ) {}

  hit(tenantId: number, keyId: string, now: number): RateDecision {
    const windowStart = Math.floor(now / 60_000) * 60
    const limit = this.limitPerMinute
    const retryAfterSeconds = Math.max(1, windowStart + 60 - Math.floor(now / 1000))
    if (limit <= 0) return { allowed: true, limit, remaining: Number.MAX_SAFE_INTEGER, retryAfterSeconds }
    const count = countMinuteCall(this.db, tenantId, keyId, windowStart, limit)
    if (count === null) return { allowed: false, limit, remaining: 0, retryAfterSeconds }
    return { allowed: true, limit, remaining: Math.max(0, limit - count), retryAfterSeconds }
  }

  /** Deletes minute windows older than an hour; does the work at most once a minute. */
  prune(now: number): void {
    if (now - this.prunedAt < 60_000) return
    this.prunedAt = now
    pruneMinuteCounts(this.db, Math.floor(now / 1000) - 3600)
  }
}
