import type { DbLike } from '../kernel/db'
import { transaction } from '../kernel/db'
import { loadMinuteCount, pruneMinuteCounts, saveMinuteCounts } from '../modules/rate-limits/mcp-queries'

interface Window {
  tenantId: number
  keyId: string
  windowStart: number
  count: number
  dirty: boolean
}

export interface RateDecision {
  allowed: boolean
  limit: number
  remaining: number
  retryAfterSeconds: number
}

/**
 * Tool calls per key per fixed UTC minute (config.mcpRateLimitPerMinute). This process counts in
 * memory (exact: JavaScript runs one call at a time) and persists counters to rate_limit_counters
 * with the tool-call flush, so a restart picks the current minute's count back up. A count starts
 * from the stored value the first time a key is seen in a minute.
 */
export class McpRateLimiter {
  private readonly windows = new Map<string, Window>()

  constructor(
    private readonly db: DbLike,
    private readonly limitPerMinute: number,
  ) {}

  hit(tenantId: number, keyId: string, now: number): RateDecision {
    const windowStart = Math.floor(now / 60_000) * 60
    let w = this.windows.get(keyId)
    if (!w || w.windowStart !== windowStart) {
      if (w?.dirty) this.persist([w])
      w = { tenantId, keyId, windowStart, count: loadMinuteCount(this.db, tenantId, keyId, windowStart), dirty: false }
      this.windows.set(keyId, w)
    }
    w.count += 1
    w.dirty = true
    const limit = this.limitPerMinute
    const retryAfterSeconds = Math.max(1, windowStart + 60 - Math.floor(now / 1000))
    if (limit <= 0) return { allowed: true, limit, remaining: Number.MAX_SAFE_INTEGER, retryAfterSeconds }
    return { allowed: w.count <= limit, limit, remaining: Math.max(0, limit - w.count), retryAfterSeconds }
  }

  /** Writes changed counters and forgets windows that are over. */
  flush(now: number): void {
    const current = Math.floor(now / 60_000) * 60
    const dirty = [...this.windows.values()].filter((w) => w.dirty)
    this.persist(dirty)
    for (const [key, w] of this.windows) if (w.windowStart < current) this.windows.delete(key)
    if (dirty.length > 0) pruneMinuteCounts(this.db, current - 3600)
  }

  private persist(rows: Window[]): void {
    if (rows.length === 0) return
    transaction(this.db, (tx) => saveMinuteCounts(tx, rows))
    for (const w of rows) w.dirty = false
  }
}
