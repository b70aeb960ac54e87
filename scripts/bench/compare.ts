/**
 * The equality check of scripts/bench.ts: the product's answer and the bare one must be the same
 * bytes, or the same JSON once the fields that differ per request by nature are removed. The
 * removed fields are this list, nothing else; a tool result's text copy is compared as the JSON it
 * holds, with the same fields removed.
 */

/** Fields that legitimately differ between two requests for the same data. */
export const PER_REQUEST_FIELDS = ['as_of', 'generated_at', 'request_id']
/**
 * Numbers that follow the clock (hours of sessions still open grow while the request is made):
 * compared within 1% (at least 0.05), because the bare answer was recorded seconds earlier.
 */
export const LIVE_CLOCK_FIELDS = [
  'hours_worked_today',
  'hours_worked_this_week',
  'total_hours',
  'hours',
  'average_hours_per_member',
  'hours_today',
  'worked_hours',
]
const close = (a: number, b: number) => Math.abs(a - b) <= Math.max(0.05, 0.01 * Math.abs(a))

/** Writes: per-call values (new ids, clock times, durations) differ; the answer's shape and success must not. */
export const WRITE_FIELDS = ['time_log_id', 'clock_in_at', 'clock_out_at', 'clock_in_time', 'clock_out_time', 'duration_hours', 'batch_id', 'received_at']

function strip(v: unknown, fields: string[], sortKeys = false): unknown {
  if (Array.isArray(v)) return v.map((x) => strip(x, fields, sortKeys))
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {}
    const entries = Object.entries(v)
    if (sortKeys) entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    for (const [k, x] of entries) {
      if (fields.includes(k)) continue
      if (k === 'text' && typeof x === 'string' && /^[[{]/.test(x)) {
        try {
          out[k] = strip(JSON.parse(x), fields, sortKeys)
          continue
        } catch {}
      }
      out[k] = strip(x, fields, sortKeys)
    }
    return out
  }
  return v
}

/** `b` with each LIVE_CLOCK_FIELDS number replaced by `a`'s where they are close; names those that differed in `live`. */
function align(a: unknown, b: unknown, live: string[]): unknown {
  if (Array.isArray(a) && Array.isArray(b)) return b.map((x, i) => align(a[i], x, live))
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const out: Record<string, unknown> = {}
    for (const [k, x] of Object.entries(b)) {
      const y = (a as Record<string, unknown>)[k]
      if (LIVE_CLOCK_FIELDS.includes(k) && typeof x === 'number' && typeof y === 'number' && x !== y && close(y, x)) {
        live.push(`${k} (within 1%)`)
        out[k] = y
      } else out[k] = align(y, x, live)
    }
    return out
  }
  return b
}

/** The shape of a JSON value: keys and types, recursively (values of writes differ per call). */
export function shape(v: unknown): unknown {
  if (Array.isArray(v)) return v.length ? [shape(v[0])] : []
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shape(x)]))
  return typeof v
}

export type Verdict = { equal: true; how: 'bytes' | 'normalized'; differing: string[] } | { equal: false; why: string }

/**
 * Compares two answers as described above; `differing` names the removed fields whose values
 * differed. `sortKeys` (for the SDK's transport, which orders the JSON-RPC envelope its own way):
 * the order of keys in objects is not compared.
 */
export function compareAnswers(product: string, bare: string, fields = PER_REQUEST_FIELDS, sortKeys = false): Verdict {
  if (product === bare) return { equal: true, how: 'bytes', differing: [] }
  let a: unknown
  let b: unknown
  try {
    a = JSON.parse(product)
    b = JSON.parse(bare)
  } catch {
    return { equal: false, why: 'not JSON and not byte-equal' }
  }
  const live: string[] = []
  const sa = JSON.stringify(strip(a, fields, sortKeys))
  const sb = JSON.stringify(align(strip(a, fields, sortKeys), strip(b, fields, sortKeys), live))
  if (sa === sb) {
    const differing = fields.filter((f) => {
      const keep = fields.filter((x) => x !== f)
      return JSON.stringify(strip(a, keep, sortKeys)) !== JSON.stringify(align(strip(a, keep, sortKeys), strip(b, keep, sortKeys), []))
    })
    return { equal: true, how: 'normalized', differing: [...differing, ...new Set(live)] }
  }
  let i = 0
  while (i < sa.length && sa[i] === sb[i]) i++
  return {
    equal: false,
    why: `first difference at char ${i}: product …${sa.slice(Math.max(0, i - 60), i + 60)}… bare …${sb.slice(Math.max(0, i - 60), i + 60)}…`,
  }
}

/** Writes: equal success and equal shape once the per-call fields are removed. */
export function compareWrites(product: string, bare: string): Verdict {
  try {
    const a = JSON.stringify(shape(strip(JSON.parse(product), WRITE_FIELDS)))
    const b = JSON.stringify(shape(strip(JSON.parse(bare), WRITE_FIELDS)))
    return a === b ? { equal: true, how: 'normalized', differing: WRITE_FIELDS } : { equal: false, why: `shapes differ: product ${a} bare ${b}` }
  } catch {
    return { equal: false, why: 'not JSON' }
  }
}
