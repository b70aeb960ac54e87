/**
 * The load generator of scripts/bench.ts: a closed loop of C connections (fetch with keep-alive),
 * each sending its next request when the previous one answered, for a fixed window. Every answer
 * is checked: a status other than 2xx or an answer `ok` refuses is an error answer.
 */

export interface Request {
  url: string
  init?: RequestInit
}
export interface Window {
  latencies: number[]
  errors: number
  firstError: string | null
  seconds: number
}

export async function window(
  connections: number,
  seconds: number,
  next: (conn: number, seq: number) => Request,
  ok: (status: number, text: string) => boolean,
): Promise<Window> {
  const w: Window = { latencies: [], errors: 0, firstError: null, seconds: 0 }
  const started = performance.now()
  const end = started + seconds * 1000
  await Promise.all(
    Array.from({ length: connections }, async (_, conn) => {
      for (let seq = 0; performance.now() < end; seq++) {
        const r = next(conn, seq)
        const t0 = performance.now()
        let status = 0
        let text = ''
        try {
          const res = await fetch(r.url, r.init)
          status = res.status
          text = await res.text()
        } catch (e) {
          text = String(e)
        }
        w.latencies.push(performance.now() - t0)
        if (!(status >= 200 && status < 300 && ok(status, text))) {
          w.errors++
          w.firstError ??= `HTTP ${status}: ${text.slice(0, 300)}`
        }
      }
    }),
  )
  w.seconds = (performance.now() - started) / 1000
  return w
}

export interface Stats {
  rps: number
  p50: number
  p99: number
  requests: number
  errors: number
}
export function stats(windows: Window[]): Stats {
  const lat = windows.flatMap((w) => w.latencies).sort((a, b) => a - b)
  const secs = windows.reduce((s, w) => s + w.seconds, 0)
  const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(lat.length * p))] ?? Number.NaN
  return { rps: lat.length / secs, p50: q(0.5), p99: q(0.99), requests: lat.length, errors: windows.reduce((s, w) => s + w.errors, 0) }
}
export const rps = (w: Window) => w.latencies.length / w.seconds
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2
}
