/** Half-open [start, end) intervals in ms, sorted by start. */
export type Interval = [number, number]

/** `base` minus every interval of `cuts` (both sorted, each list non-overlapping). */
export function subtract(base: Interval[], cuts: Interval[]): Interval[] {
  const out: Interval[] = []
  for (const [a, b] of base) {
    let cursor = a
    for (const [c, d] of cuts) {
      if (d <= cursor || c >= b) continue
      if (c > cursor) out.push([cursor, c])
      cursor = Math.max(cursor, d)
    }
    if (cursor < b) out.push([cursor, b])
  }
  return out
}

/** The parts of [from, to) covered by none of `covers` (any order, may overlap). */
export function uncovered(from: number, to: number, covers: Interval[]): Interval[] {
  const sorted = [...covers].sort((x, y) => x[0] - y[0])
  const out: Interval[] = []
  let cursor = from
  for (const [c, d] of sorted) {
    if (c > cursor) out.push([cursor, Math.min(c, to)])
    cursor = Math.max(cursor, d)
    if (cursor >= to) break
  }
  if (cursor < to) out.push([cursor, to])
  return out.filter(([a, b]) => b - a >= 1000)
}
