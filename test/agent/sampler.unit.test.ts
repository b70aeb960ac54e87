import { describe, expect, test } from 'bun:test'
import { CollectorSampler } from '../../src/agent/sampler'
import { PRIVATE_APPLICATION } from '../../src/agent/collector'
import type { Collector, ForegroundReading } from '../../src/agent/collector'

// The merging rules on a scripted timeline of readings (a scripted reader stands in for the desktop).
const none: Collector = { platform: 'linux', read: async () => ({ application: null, windowClass: null, idleMs: 0 }) }
const r = (application: string | null, idleMs = 0): ForegroundReading => ({ application, windowClass: application?.toLowerCase() ?? null, idleMs })

describe('CollectorSampler', () => {
  test('merges equal readings, splits on change, cuts at the maximum length, and splits idle at the last input', async () => {
    let priv = false
    const s = new CollectorSampler(none, { pollMs: 1000, idleThresholdMs: 10_000, maxSampleMs: 30_000, isPrivate: () => priv })
    let t = 1_000_000
    for (let i = 0; i < 5; i++) s.observe(r('A'), (t += 1000)) // A from 1_001_000
    for (let i = 0; i < 40; i++) s.observe(r('B', i * 1000), (t += 1000)) // B: input stops at its start
    s.observe(r('B'), (t += 1000)) // input again
    priv = true
    for (let i = 0; i < 3; i++) s.observe(r('C'), (t += 1000))
    priv = false
    s.observe(r(null), (t += 1000))
    const { samples, cursor } = await s.pull(null, t)
    expect(samples.map((x) => [x.application, x.durationSeconds, x.idle])).toEqual([
      ['A', 5, false], // 1_001_000 → the first B reading
      ['B', 30, true], // idle from the first B reading (idleMs says input stopped then): cut at 30 s
      ['B', 10, true],
      ['B', 1, false],
      [PRIVATE_APPLICATION, 3, false],
    ])
    expect(samples.find((x) => x.application === PRIVATE_APPLICATION)!.windowClass).toBeNull()
    expect(cursor).toBe(String(samples.at(-1)!.startedAt))
    expect((await s.pull(cursor, t)).samples).toEqual([])
  })
})
