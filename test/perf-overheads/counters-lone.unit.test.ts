/**
 * perf-mcp-rl: a turn holding one request with one counter (an MCP call on a quiet server) is
 * counted with one autocommit UPSERT instead of BEGIN/SELECT/INSERT/COMMIT. Its outcomes (allowed,
 * counts, stored rows) must equal the transaction path's: the same asks, each sent alone to one
 * database and, with a filler request of another key in the same batch (which takes the
 * transaction path), to another.
 */
import { describe, expect, test } from 'bun:test'
import { tenantDatabase } from '../helpers/db'
import { countRequests, readCounter, type CountAsk } from '../../src/modules/rate-limits/queries'

const database = () => tenantDatabase('wf-rl-lone-')

describe('a lone single-counter request', () => {
  test('is counted as the transaction path counts it: allowed up to the limit, then refused with the count unchanged', () => {
    const lone = database()
    const batched = database()
    try {
      const asks = (tenantId: number): CountAsk[] => [
        ...Array.from({ length: 6 }, () => ({ tenantId, counters: [{ keyId: 'k1', window: 'minute' as const, windowStart: 600, limit: 4 }] })),
        { tenantId, counters: [{ keyId: 'k1', window: 'minute' as const, windowStart: 660, limit: 4 }] },
        { tenantId, counters: [{ keyId: 'k2', window: 'minute' as const, windowStart: 600, limit: 1 }] },
        { tenantId, counters: [{ keyId: 'k2', window: 'minute' as const, windowStart: 600, limit: 1 }] },
        { tenantId, counters: [{ keyId: 'k3', window: 'hour' as const, windowStart: 3600, limit: 0 }] },
      ]
      const filler = (tenantId: number): CountAsk => ({ tenantId, counters: [{ keyId: 'filler', window: 'day' as const, windowStart: 0, limit: 1e9 }] })
      const a = asks(lone.tenantId).map((ask) => countRequests(lone.db, [ask]))
      const b = asks(batched.tenantId).map((ask) => countRequests(batched.db, [ask, filler(batched.tenantId)]).slice(0, 1))
      expect(a).toEqual(b)
      expect(a.map((r) => r[0]!.allowed)).toEqual([true, true, true, true, false, false, true, true, false, false])
      expect(a.map((r) => r[0]!.counts[0])).toEqual([1, 2, 3, 4, 4, 4, 1, 1, 1, 0])
      for (const [key, window, start] of [
        ['k1', 'minute', 600],
        ['k1', 'minute', 660],
        ['k2', 'minute', 600],
        ['k3', 'hour', 3600],
      ] as const) {
        expect(readCounter(lone.db, lone.tenantId, key, window, start)).toBe(readCounter(batched.db, batched.tenantId, key, window, start))
      }
    } finally {
      lone.done()
      batched.done()
    }
  })
})
