/**
 * A STAND-IN for ActivityWatch's aw-server, for tests. The real aw-server cannot be installed from
 * what CI reaches (npm and Debian packages only), so this small Bun server serves the documented
 * part of its REST API that watchers, aw-client and the workforce bridge use, with the shapes of
 * the public API docs and of aw-client (npm):
 *
 *   GET    /api/0/info                          {hostname, version, testing, device_id}
 *   GET    /api/0/buckets/                      {<id>: bucket}
 *   GET    /api/0/buckets/<id>                  bucket, 404 if none
 *   POST   /api/0/buckets/<id>                  create {client, type, hostname}; 304 if it exists
 *   DELETE /api/0/buckets/<id>                  delete
 *   GET    /api/0/buckets/<id>/events           ?start&end&limit: events overlapping [start, end],
 *                                               newest first, cut to the range (as aw-server-rust)
 *   POST   /api/0/buckets/<id>/events           insert a list of events (ids assigned)
 *   POST   /api/0/buckets/<id>/heartbeat        ?pulsetime: merge with the last event when the data
 *                                               is equal and it falls within pulsetime, else insert
 *   GET    /api/0/settings                      {<key>: value}
 *   GET    /api/0/settings/<key>                value
 *   POST   /api/0/settings/<key>                set value (JSON body)
 *
 * It keeps everything in memory and listens on loopback only. It is not ActivityWatch: no query
 * language, no export, no web UI. `requests` records each request line, so a test can see what the
 * bridge asked.
 */

interface Bucket {
  id: string
  name: string | null
  type: string
  client: string
  hostname: string
  created: string
  data: Record<string, unknown>
  last_updated?: string
}

interface StoredEvent {
  id: number
  start: number
  end: number
  data: Record<string, unknown>
}

export interface AwStandin {
  url: string
  hostname: string
  requests: string[]
  stop(): void
}

const toEvent = (e: StoredEvent, clip?: { start: number; end: number }) => {
  const start = clip ? Math.max(e.start, clip.start) : e.start
  const end = clip ? Math.min(e.end, clip.end) : e.end
  return { id: e.id, timestamp: new Date(start).toISOString(), duration: (end - start) / 1000, data: e.data }
}

const json = (body: unknown, status = 200) => Response.json(body, { status })
const missing = (what: string) => json({ message: `There's no bucket named ${what}` }, 404)

export function startAwStandin(opts: { hostname?: string } = {}): AwStandin {
  const hostname = opts.hostname ?? 'standin-host'
  const buckets = new Map<string, Bucket>()
  const events = new Map<string, StoredEvent[]>()
  const settings = new Map<string, unknown>()
  const requests: string[] = []
  let nextId = 1

  const insert = (bucketId: string, raw: { timestamp: string; duration?: number; data?: Record<string, unknown> }) => {
    const start = Date.parse(raw.timestamp)
    const e: StoredEvent = { id: nextId++, start, end: start + (raw.duration ?? 0) * 1000, data: raw.data ?? {} }
    events.get(bucketId)!.push(e)
    buckets.get(bucketId)!.last_updated = new Date().toISOString()
    return e
  }

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const url = new URL(req.url)
      requests.push(`${req.method} ${url.pathname}${url.search}`)
      const path = url.pathname.replace(/^\/api\/0/, '')
      if (path === url.pathname) return json({ message: 'Not Found' }, 404)
      const body = async () => (req.method === 'POST' ? await req.json() : undefined)

      if (path === '/info' && req.method === 'GET') return json({ hostname, version: 'v0.13.2 (stand-in)', testing: true, device_id: 'standin-device' })

      if (path === '/settings' && req.method === 'GET') return json(Object.fromEntries(settings))
      const setting = /^\/settings\/([^/]+)$/.exec(path)
      if (setting) {
        const key = decodeURIComponent(setting[1]!)
        if (req.method === 'POST') {
          settings.set(key, await body())
          return json(null)
        }
        return settings.has(key) ? json(settings.get(key)) : json(null)
      }

      if (path === '/buckets/' || path === '/buckets') return json(Object.fromEntries(buckets))
      const m = /^\/buckets\/([^/]+)(\/events|\/heartbeat)?$/.exec(path)
      if (!m) return json({ message: 'Not Found' }, 404)
      const id = decodeURIComponent(m[1]!)
      const sub = m[2]

      if (!sub) {
        if (req.method === 'GET') return buckets.has(id) ? json(buckets.get(id)) : missing(id)
        if (req.method === 'DELETE') {
          buckets.delete(id)
          events.delete(id)
          return json(null)
        }
        if (req.method === 'POST') {
          if (buckets.has(id)) return new Response(null, { status: 304 })
          const b = (await body()) as { client: string; type: string; hostname: string; name?: string; data?: Record<string, unknown> }
          buckets.set(id, {
            id,
            name: b.name ?? null,
            type: b.type,
            client: b.client,
            hostname: b.hostname,
            created: new Date().toISOString(),
            data: b.data ?? {},
          })
          events.set(id, [])
          return json(null)
        }
      }
      if (!buckets.has(id)) return missing(id)
      const list = events.get(id)!

      if (sub === '/events' && req.method === 'POST') {
        const b = await body()
        for (const e of Array.isArray(b) ? b : [b]) insert(id, e)
        return json(null)
      }
      if (sub === '/events' && req.method === 'GET') {
        const start = url.searchParams.get('start') ? Date.parse(url.searchParams.get('start')!) : Number.NEGATIVE_INFINITY
        const end = url.searchParams.get('end') ? Date.parse(url.searchParams.get('end')!) : Number.POSITIVE_INFINITY
        const limit = Number(url.searchParams.get('limit') ?? -1)
        const found = list.filter((e) => e.end >= start && e.start <= end).sort((a, b) => b.start - a.start)
        const clip = Number.isFinite(start) || Number.isFinite(end) ? { start, end } : undefined
        return json((limit >= 0 ? found.slice(0, limit) : found).map((e) => toEvent(e, clip)))
      }
      if (sub === '/heartbeat' && req.method === 'POST') {
        const pulsetime = Number(url.searchParams.get('pulsetime') ?? 0) * 1000
        const hb = (await body()) as { timestamp: string; duration?: number; data: Record<string, unknown> }
        const at = Date.parse(hb.timestamp)
        const last = [...list].sort((a, b) => b.start - a.start)[0]
        if (last && JSON.stringify(last.data) === JSON.stringify(hb.data) && at >= last.start && at <= last.end + pulsetime) {
          last.end = Math.max(last.end, at + (hb.duration ?? 0) * 1000)
          return json(toEvent(last))
        }
        return json(toEvent(insert(id, hb)))
      }
      return json({ message: 'Method Not Allowed' }, 405)
    },
  })

  return { url: `http://127.0.0.1:${server.port}`, hostname, requests, stop: () => server.stop(true) }
}
