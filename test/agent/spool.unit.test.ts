import { describe, expect, test } from 'bun:test'
import { mkdtempSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MAX_BATCH_SAMPLES, Spool } from '../../src/agent/spool'

const sample = (i: number) => ({ application: 'App', windowClass: null, startedAt: 1_000_000 + i * 1000, durationSeconds: 1, idle: false })

describe('Spool (bun:sqlite on disk)', () => {
  test('batches keep their ids across reopening, the cursor moves with its samples, sent batches are not pending', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'wf-spool-')), 'spool.sqlite')
    const a = new Spool(path)
    const ids = a.append(
      'x11',
      Array.from({ length: MAX_BATCH_SAMPLES + 5 }, (_, i) => sample(i)),
      'c1',
      'sess-1',
    )
    expect(ids).toHaveLength(2)
    a.close()
    expect(statSync(path).mode & 0o777).toBe(0o600)

    const b = new Spool(path) // as after a crash and restart
    expect(b.cursor('x11')).toBe('c1')
    const pending = b.pending()
    expect(pending.map((p) => p.batchId)).toEqual(ids)
    expect(pending.map((p) => p.samples.length)).toEqual([MAX_BATCH_SAMPLES, 5])
    expect(pending[0]!.sessionId).toBe('sess-1')
    b.markSent(ids[0]!)
    b.markFailed(ids[1]!, 'invalid_argument: test')
    expect(b.pending()).toEqual([])
    expect(b.stats()).toMatchObject({ pendingBatches: 0, sentBatches: 1, failedBatches: 1 })
    b.append('x11', [], 'c2', null)
    expect(b.cursor('x11')).toBe('c2')
    b.close()
  })
})
