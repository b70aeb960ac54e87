/**
 * dashboard/top-positions.ts (issue 18): team hours sorts only the people at or above the 100th
 * largest hours (and its overtime list among the people with overtime). It must give exactly what
 * sorting everyone (or those positions) and keeping the first `count` gives, also when many people
 * share the value at the cut (everyone at 0 hours early on a Monday).
 */
import { describe, expect, test } from 'bun:test'
import { topPositions } from '../../src/modules/dashboard/top-positions'

/** A seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

describe('topPositions', () => {
  test('equals a full sort cut to count, for sizes around count and values with many ties', () => {
    let compared = 0
    for (let seed = 1; seed <= 200; seed++) {
      const next = random(seed)
      const n = Math.floor(next() * 260)
      const count = 1 + Math.floor(next() * 120)
      // Few distinct values (many ties at the cut), or hours with two decimals, or all zero.
      const kind = seed % 3
      const values = Float64Array.from({ length: n }, () => (kind === 0 ? Math.floor(next() * 4) : kind === 1 ? Math.round(next() * 4000) / 100 : 0))
      const rank = Int32Array.from({ length: n }, () => Math.floor(next() * 50))
      const order = (a: number, b: number) => values[b]! - values[a]! || rank[a]! - rank[b]! || a - b
      const everyone = Array.from({ length: n }, (_, p) => p)
        .sort(order)
        .slice(0, count)
      expect(topPositions(values, count, order)).toEqual(everyone)
      // Among some positions only (team hours' overtime list: the people with overtime), in any order.
      const among = Array.from({ length: n }, (_, p) => p).filter(() => next() < 0.6)
      const someone = [...among].sort(order).slice(0, count)
      expect(topPositions(values, count, order, among.reverse())).toEqual(someone)
      if (n > count) compared++
    }
    // Most cases cut: the selection, not only the plain sort, was compared.
    expect(compared).toBeGreaterThan(100)
  })

  test('fewer positions than count: all of them, sorted; none: none', () => {
    const values = Float64Array.from([1, 3, 2])
    expect(topPositions(values, 5, (a, b) => values[b]! - values[a]!)).toEqual([1, 2, 0])
    expect(topPositions(new Float64Array(0), 5, (a, b) => a - b)).toEqual([])
  })
})
