import { afterAll, describe, expect, test } from 'bun:test'
import { sqliteOf, transaction } from '../../src/kernel/db'
import { silentLogger, type Logger } from '../../src/kernel/log'
import { ROWS_PER_INSERT, type NewToolCallRow } from '../../src/modules/analytics/queries'
import { toolCalls } from '../../src/modules/analytics/schema'
import { FLUSH_AT, ToolCallLog, flushToolCalls } from '../../src/modules/analytics/tool-call-log'
import { tempRuntime } from '../helpers/db'

const rt = tempRuntime()
afterAll(() => rt.cleanup())
const sqlite = sqliteOf(rt.countersDb)
// Tenant ids are only carried through here: no tenant rows in this database.
sqlite.run('PRAGMA foreign_keys = OFF')

/** Rows with every column null where it may be, odd characters and big numbers. */
function rowsOf(n: number, seed: number): NewToolCallRow[] {
  return Array.from({ length: n }, (_, i) => {
    const k = i + seed
    return {
      tenantId: k % 3 === 0 ? null : 1 + (k % 7),
      userId: k % 4 === 0 ? null : `usr_${k}`,
      apiKeyId: k % 5 === 0 ? null : `key_${k}'"`,
      toolName: `tool_${k % 11}`,
      source: k % 2 === 0 ? null : `client ü ${k}`,
      sessionId: k % 6 === 0 ? null : `ses_${k}`,
      startedAt: 1_790_000_000_000 + k * 1_000,
      durationMs: k % 97,
      outcome: k % 8 === 0 ? 'error' : 'ok',
      errorCode: k % 8 === 0 ? 'invalid_argument' : null,
    }
  })
}

const stored = () =>
  sqlite
    .query('SELECT tenant_id, user_id, api_key_id, tool_name, source, session_id, started_at, duration_ms, outcome, error_code FROM mcp_tool_calls ORDER BY id')
    .all()
const clear = () => sqlite.run('DELETE FROM mcp_tool_calls')

describe('ToolCallLog', () => {
  test('stores every buffered row as the drizzle insert does, in order, for batch sizes around the multi-row statement', () => {
    for (const n of [1, ROWS_PER_INSERT - 1, ROWS_PER_INSERT, ROWS_PER_INSERT + 1, 3 * ROWS_PER_INSERT + 7, 499]) {
      const rows = rowsOf(n, n)
      clear()
      // The reference: drizzle's own insert of the same values.
      for (const r of rows) rt.countersDb.insert(toolCalls).values(r).run()
      const viaDrizzle = stored()
      clear()
      const log = new ToolCallLog(rt.countersDb, silentLogger)
      for (const r of rows) log.record(r)
      expect(stored()).toHaveLength(0)
      flushToolCalls(rt.countersDb)
      expect(stored()).toEqual(viaDrizzle)
      expect(viaDrizzle).toHaveLength(n)
    }
  })

  test('the FLUSH_AT-th record flushes at once, in one commit; a flush inside an open transaction joins it', () => {
    clear()
    const log = new ToolCallLog(rt.countersDb, silentLogger)
    const rows = rowsOf(FLUSH_AT, 3)
    for (const r of rows.slice(0, FLUSH_AT - 1)) log.record(r)
    expect(stored()).toHaveLength(0)
    log.record(rows[FLUSH_AT - 1]!)
    expect(stored()).toHaveLength(FLUSH_AT)
    log.record(rowsOf(2, 9)[0]!)
    expect(() =>
      transaction(rt.countersDb, () => {
        log.flush()
        throw new Error('roll back')
      }),
    ).toThrow('roll back')
    // The flush joined the rolled-back transaction: its row went with it, the earlier ones stayed.
    expect(stored()).toHaveLength(FLUSH_AT)
  })

  test('a failed write is logged, not thrown', () => {
    const errors: string[] = []
    const log: Logger = { ...silentLogger, error: (m) => void errors.push(m) }
    const calls = new ToolCallLog(rt.countersDb, log)
    calls.record({ ...rowsOf(1, 1)[0]!, toolName: null as unknown as string })
    expect(() => calls.flush()).not.toThrow()
    expect(errors).toEqual(['could not write tool-call records'])
  })
})
