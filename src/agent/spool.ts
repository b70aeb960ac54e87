import { Database } from 'bun:sqlite'
import { randomUUID } from 'node:crypto'
import { chmodSync, existsSync } from 'node:fs'
import type { AgentSample } from './collector'

/** Most samples per batch: the client API's limit. */
export const MAX_BATCH_SAMPLES = 1000

export interface SpooledBatch {
  batchId: string
  sessionId: string | null
  samples: AgentSample[]
  createdAt: number
  attempts: number
}

/**
 * The offline spool, SQLite in the agent's directory. Samples are grouped into batches with
 * stable ids and written, together with the source's cursor, in ONE transaction before anything
 * is sent; a batch is marked sent only after the server acknowledged it. A crash between send and
 * mark resends the same batch id, which the server's idempotency turns into a no-op: nothing is
 * lost, nothing is counted twice.
 */
export class Spool {
  private readonly db: Database

  constructor(readonly path: string) {
    const fresh = !existsSync(path)
    this.db = new Database(path, { create: true })
    if (fresh && process.platform !== 'win32') chmodSync(path, 0o600)
    this.db.exec('PRAGMA journal_mode = WAL')
    this.db.exec('PRAGMA synchronous = FULL')
    this.db.exec('PRAGMA busy_timeout = 5000')
    this.db.exec(`CREATE TABLE IF NOT EXISTS batches (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      batch_id TEXT NOT NULL UNIQUE,
      session_id TEXT,
      samples TEXT NOT NULL,
      sample_count INTEGER NOT NULL,
      created_at INTEGER NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      sent_at INTEGER,
      failed_reason TEXT
    )`)
    this.db.exec('CREATE TABLE IF NOT EXISTS cursors (source TEXT PRIMARY KEY, cursor TEXT)')
  }

  cursor(source: string): string | null {
    const row = this.db.query('SELECT cursor FROM cursors WHERE source = ?').get(source) as { cursor: string | null } | null
    return row?.cursor ?? null
  }

  /** Stores the samples as batches and the source's new cursor, atomically. Returns the new batch ids. */
  append(source: string, samples: AgentSample[], cursor: string | null, sessionId: string | null, now = Date.now()): string[] {
    const ids: string[] = []
    const tx = this.db.transaction(() => {
      for (let i = 0; i < samples.length; i += MAX_BATCH_SAMPLES) {
        const chunk = samples.slice(i, i + MAX_BATCH_SAMPLES)
        const batchId = `agent-${randomUUID()}`
        this.db
          .query('INSERT INTO batches (batch_id, session_id, samples, sample_count, created_at) VALUES (?, ?, ?, ?, ?)')
          .run(batchId, sessionId, JSON.stringify(chunk), chunk.length, now)
        ids.push(batchId)
      }
      this.db.query('INSERT INTO cursors (source, cursor) VALUES (?, ?) ON CONFLICT(source) DO UPDATE SET cursor = excluded.cursor').run(source, cursor)
    })
    tx()
    return ids
  }

  /** Batches not yet acknowledged, oldest first. */
  pending(limit = 50): SpooledBatch[] {
    const rows = this.db
      .query('SELECT batch_id, session_id, samples, created_at, attempts FROM batches WHERE sent_at IS NULL AND failed_reason IS NULL ORDER BY seq LIMIT ?')
      .all(limit) as { batch_id: string; session_id: string | null; samples: string; created_at: number; attempts: number }[]
    return rows.map((r) => ({
      batchId: r.batch_id,
      sessionId: r.session_id,
      samples: JSON.parse(r.samples) as AgentSample[],
      createdAt: r.created_at,
      attempts: r.attempts,
    }))
  }

  markAttempt(batchId: string): void {
    this.db.query('UPDATE batches SET attempts = attempts + 1 WHERE batch_id = ?').run(batchId)
  }

  markSent(batchId: string, now = Date.now()): void {
    this.db.query('UPDATE batches SET sent_at = ? WHERE batch_id = ?').run(now, batchId)
  }

  /** A batch the server refused for good (e.g. invalid): kept for inspection, no longer sent. */
  markFailed(batchId: string, reason: string): void {
    this.db.query('UPDATE batches SET failed_reason = ? WHERE batch_id = ?').run(reason, batchId)
  }

  /** Sent batches older than `before` are dropped: the server has them. */
  prune(before: number): void {
    this.db.query('DELETE FROM batches WHERE sent_at IS NOT NULL AND sent_at < ?').run(before)
  }

  stats(): { pendingBatches: number; pendingSamples: number; sentBatches: number; failedBatches: number; oldestPendingAt: number | null } {
    const q = (sql: string) => this.db.query(sql).get() as Record<string, number | null>
    const pending = q(
      'SELECT count(*) AS n, coalesce(sum(sample_count), 0) AS s, min(created_at) AS oldest FROM batches WHERE sent_at IS NULL AND failed_reason IS NULL',
    )
    const sent = q('SELECT count(*) AS n FROM batches WHERE sent_at IS NOT NULL')
    const failed = q('SELECT count(*) AS n FROM batches WHERE failed_reason IS NOT NULL')
    return {
      pendingBatches: Number(pending.n),
      pendingSamples: Number(pending.s),
      sentBatches: Number(sent.n),
      failedBatches: Number(failed.n),
      oldestPendingAt: pending.oldest ?? null,
    }
  }

  close(): void {
    this.db.close()
  }
}
