/**
 * The first `count` positions (0..n-1) of `values` in `order`, sorted: what a sort of all n
 * positions by `order` then cut to `count` gives, sorting only the positions whose value is at or
 * above the count-th largest (team hours lists 100 of 1,000 people). `order` must be a total order
 * that puts a larger value first; it breaks ties among equal values as the caller wants.
 */
export function topPositions(values: Float64Array, count: number, order: (a: number, b: number) => number): number[] {
  const n = values.length
  let threshold = Number.NEGATIVE_INFINITY
  if (n > count) threshold = Float64Array.from(values).sort()[n - count]!
  const candidates: number[] = []
  for (let p = 0; p < n; p++) if (values[p]! >= threshold) candidates.push(p)
  return candidates.sort(order).slice(0, count)
}
