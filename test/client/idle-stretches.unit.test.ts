import { describe, expect, test } from 'bun:test'
import { newlyIdleStretches } from '../../src/modules/activity/idle-stretches'

const s = (startSec: number, durationSeconds: number, batchId = 'new') => ({ startedAt: startSec * 1000, durationSeconds, batchId })

describe('newlyIdleStretches', () => {
  test('reports a stretch of this batch that crosses the threshold', () => {
    expect(newlyIdleStretches([s(0, 200), s(200, 200)], 'new', 300)).toEqual([{ startedAt: 0, idleSeconds: 400 }])
  })

  test('a stretch exactly at the threshold is not beyond it', () => {
    expect(newlyIdleStretches([s(0, 300)], 'new', 300)).toEqual([])
  })

  test('does not report again a stretch whose earlier part was already beyond the threshold', () => {
    expect(newlyIdleStretches([s(0, 400, 'old'), s(400, 100)], 'new', 300)).toEqual([])
  })

  test('reports when the batch joins earlier short runs into one long stretch', () => {
    expect(newlyIdleStretches([s(0, 200, 'old'), s(200, 50), s(250, 200, 'old')], 'new', 300)).toEqual([{ startedAt: 0, idleSeconds: 450 }])
  })

  test('ignores stretches without a sample of this batch, and gaps beyond the tolerance split stretches', () => {
    expect(newlyIdleStretches([s(0, 400, 'old'), s(1000, 200), s(1210, 200)], 'new', 300)).toEqual([])
  })

  test('overlapping samples count their union, not their sum', () => {
    expect(newlyIdleStretches([s(0, 250), s(100, 250)], 'new', 300)).toEqual([{ startedAt: 0, idleSeconds: 350 }])
  })
})
