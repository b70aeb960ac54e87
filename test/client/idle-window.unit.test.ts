import { describe, expect, test } from 'bun:test'
import { type IdleSampleLike, newlyIdleStretches, windowDecides } from '../../src/modules/activity/idle-stretches'

/**
 * Ingestion reads the idle samples around a batch first and falls back to the dates' every idle
 * sample when windowDecides says a stretch of the batch may reach outside the window: whenever it
 * says yes, the window must give exactly the stretches of the full read.
 */
const MAX_MS = 3_600_000
const BEFORE = MAX_MS + 600_000
const AFTER = 600_000

function rng(seed: number) {
  let x = seed >>> 0 || 1
  return () => {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    return (x >>> 0) / 2 ** 32
  }
}

function world(seed: number): { all: IdleSampleLike[]; batch: string } {
  const r = rng(seed)
  const out: IdleSampleLike[] = []
  let at = 0
  const n = 20 + Math.floor(r() * 300)
  const batchAt = Math.floor(r() * n)
  const batchLen = 1 + Math.floor(r() * 20)
  for (let i = 0; i < n; i++) {
    // Mostly short samples close together, now and then a long one or a long gap.
    const dur = r() < 0.03 ? 1 + Math.floor(r() * 3600) : 1 + Math.floor(r() * 30)
    const gap = r() < 0.2 ? Math.floor(r() * 4 * MAX_MS) : Math.floor(r() * 8000) - 2000
    at = Math.max(0, at + gap)
    const inBatch = i >= batchAt && i < batchAt + batchLen && r() < 0.8
    out.push({ startedAt: at, durationSeconds: dur, batchId: inBatch ? 'new' : `old-${i % 7}` })
    at += dur * 1000
  }
  out.sort((a, b) => a.startedAt - b.startedAt)
  return { all: out, batch: 'new' }
}

describe('idle detection reads a window around the batch first', () => {
  test('whenever windowDecides answers yes, the window gives the stretches of every sample (2,000 random histories)', () => {
    let decided = 0
    let fellBack = 0
    for (let seed = 1; seed <= 2000; seed++) {
      const { all, batch } = world(seed)
      const mine = all.filter((s) => s.batchId === batch)
      if (mine.length === 0) continue
      const from = Math.min(...mine.map((s) => s.startedAt)) - BEFORE
      const to = Math.max(...mine.map((s) => s.startedAt + s.durationSeconds * 1000)) + AFTER
      const window = all.filter((s) => s.startedAt >= from && s.startedAt <= to)
      for (const threshold of [10, 60, 300]) {
        if (windowDecides(window, batch, from, to, MAX_MS)) {
          decided++
          expect(newlyIdleStretches(window, batch, threshold)).toEqual(newlyIdleStretches(all, batch, threshold))
        } else fellBack++
      }
    }
    // Both paths are exercised: the check is not vacuous.
    expect(decided).toBeGreaterThan(1000)
    expect(fellBack).toBeGreaterThan(10)
  })

  test('a stretch running from before the window into the batch is not decided by the window', () => {
    // An hour-long idle sample that started just before the window, then a shorter one up to the batch:
    // one stretch that began outside the window.
    const batchStart = 10 * MAX_MS
    const all = [
      { startedAt: batchStart - BEFORE - 1000, durationSeconds: 3600, batchId: 'old' },
      { startedAt: batchStart - 601_000, durationSeconds: 601, batchId: 'old' },
      { startedAt: batchStart, durationSeconds: 400, batchId: 'new' },
    ]
    const from = batchStart - BEFORE
    const window = all.filter((s) => s.startedAt >= from)
    expect(window.length).toBe(2)
    expect(windowDecides(window, 'new', from, batchStart + 400_000 + AFTER, MAX_MS)).toBe(false)
    // The full read reports nothing new (its earlier run was already beyond 900 s); the window alone would have.
    expect(newlyIdleStretches(all, 'new', 900)).toEqual([])
    expect(newlyIdleStretches(window, 'new', 900)).toEqual([{ startedAt: batchStart - 601_000, idleSeconds: 1001 }])
  })

  test('a stretch running past the window after the batch is not decided by the window', () => {
    const all = [
      { startedAt: 5 * MAX_MS, durationSeconds: 60, batchId: 'new' },
      { startedAt: 5 * MAX_MS + 60_000, durationSeconds: 600, batchId: 'old' },
      { startedAt: 5 * MAX_MS + 660_000, durationSeconds: 600, batchId: 'old' },
    ]
    const from = 5 * MAX_MS - BEFORE
    const to = 5 * MAX_MS + 60_000 + AFTER
    const window = all.filter((s) => s.startedAt <= to)
    expect(windowDecides(window, 'new', from, to, MAX_MS)).toBe(false)
    expect(windowDecides(all, 'new', from, 5 * MAX_MS + 2 * MAX_MS, MAX_MS)).toBe(true)
  })
})
