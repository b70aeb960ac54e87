/**
 * The first `count` positions of `values` in `order`, sorted: what a sort of all the positions
 * (0..n-1, or only those of `among`) by `order` then cut to `count` gives, sorting only the
 * positions whose value is at or above the count-th largest (team hours lists 100 of 1,000
 * people). `order` must be a total order that puts a larger value first; it breaks ties among
 * equal values as the caller wants.
 */
export function topPositions(values: Float64Array, count: number, order: (a: number, b: number) => number, among?: readonly number[]): number[] {
  const n = among ? among.length : values.length
  const threshold =
    n <= count ? Number.NEGATIVE_INFINITY : kthSmallest(among ? Float64Array.from(among, (p) => values[p]!) : Float64Array.from(values), n - count)
  const candidates: number[] = []
  if (among) {
    for (const p of among) if (values[p]! >= threshold) candidates.push(p)
  } else {
    for (let p = 0; p < n; p++) if (values[p]! >= threshold) candidates.push(p)
  }
  return candidates.sort(order).slice(0, count)
}

/**
 * The value a sort of `xs` ascending would put at index k (xs is reordered): Hoare's selection,
 * a pass over a shrinking range instead of a sort of all of it. `xs` holds no NaN.
 */
function kthSmallest(xs: Float64Array, k: number): number {
  let lo = 0
  let hi = xs.length - 1
  while (lo < hi) {
    const pivot = xs[(lo + hi) >>> 1]!
    let i = lo
    let j = hi
    while (i <= j) {
      while (xs[i]! < pivot) i++
      while (xs[j]! > pivot) j--
      if (i <= j) {
        const t = xs[i]!
        xs[i] = xs[j]!
        xs[j] = t
        i++
        j--
      }
    }
    // Now xs[lo..j] <= pivot <= xs[i..hi], and everything strictly between j and i equals the pivot.
    if (k <= j) hi = j
    else if (k >= i) lo = i
    else return xs[k]!
  }
  return xs[k]!
}
