import { Elysia } from 'elysia'
import { randomUUID } from 'node:crypto'
import { statfsSync } from 'node:fs'
import http from 'node:http'
import { sql } from 'drizzle-orm'
import { DomainError } from '../kernel/errors'
import { enableGroupCommit, type GroupCommit } from '../kernel/durability'
import { SERVER_VERSION } from '../kernel/version'
import { listJobStates } from '../modules/jobs/queries'
import type { Runtime } from '../runtime'
import { checkHostAndOrigin } from './host-guard'
import { toRestError } from './http-errors'
import { restApi } from './rest-api'
import { consoleSurface } from '../console/surface'
import { MCP_PATH, mcpSurface } from './mcp'
import { RPC, rpcError } from './mcp-rpc'
import { noteArrival, noteOf, observability, type RequestNote } from './observability'
import { oauthSurface, originFreePath } from './oauth'

const isInvalidToken = (e: unknown): boolean => e instanceof DomainError && typeof e.details === 'object' && e.details !== null && 'invalid_token' in e.details

/** Shared request bookkeeping: request id, body cap, access log and the one error envelope. */
export function httpKernel(rt: Runtime) {
  const watch = storageWatch(rt)
  const durable = durabilityBarrier(rt, watch)
  return (
    new Elysia({ name: 'http-kernel' })
      .error({ DomainError })
      // Group commit (kernel/durability.ts): what a request changed is on disk before it is answered.
      .onAfterHandle({ as: 'global' }, durable.beforeAnswer)
      .onError({ as: 'global' }, durable.beforeErrorAnswer)
      // ONE onRequest for the kernel (each global hook is a call on every request): it runs for every
      // request, matched route or not, before any parsing: the arrival time (first thing, so that a
      // refused request has a duration too), the durability barrier's starting point, the request
      // id, the URL and header caps, the Host/Origin guard and the body cap.
      .onRequest(async ({ request, set }) => {
        const note = noteArrival(request)
        note.changes = durable.changes()
        set.headers['x-request-id'] = request.headers.get('x-request-id')?.slice(0, 100) || randomUUID()
        try {
          admit(rt, request, note)
          // Only a body that declared no length (chunked) is read here; the usual one costs no await.
          // The headers are asked first: reading `request.body` makes Bun build a stream for it.
          if ((request.headers.get('content-length') === null || request.headers.get('transfer-encoding') !== null) && request.body)
            await capBody(request, rt.config.bodyLimitBytes)
        } catch (e) {
          // Thrown, not answered here, so that onError writes the answer and the access line.
          if (e instanceof DomainError) note.refusedByKernel = true
          throw e
        }
      })
      // The access line and HTTP metrics (written as the answer is made), and GET /metrics.
      .use(observability(rt))
      .onError({ as: 'global' }, ({ request, error, code, set }) => {
        // The MCP endpoint speaks JSON-RPC: the kernel's refusals there (Host/Origin, URL, header and
        // body caps, a write that could not be made durable) are JSON-RPC errors with the same status.
        if (error instanceof DomainError && noteOf(request)?.refusedByKernel && pathOf(request.url) === MCP_PATH) {
          set.status = error.status
          set.headers['content-type'] = 'application/json'
          return rpcError(null, RPC.SERVER, error.message, { error: error.code, ...(typeof error.details === 'object' ? error.details : {}) })
        }
        const id = String(set.headers['x-request-id'] ?? randomUUID())
        const { status, body } = toRestError(error, code, rt.log, id)
        set.status = status
        set.headers['content-type'] = 'application/json'
        if (body.error.code === 'storage_unavailable') {
          storageWatch(rt).failedAt = Date.now()
          set.headers['retry-after'] = String(STORAGE_RETRY_AFTER_S)
        }
        if (status === 401) set.headers['www-authenticate'] = isInvalidToken(error) ? 'Bearer error="invalid_token"' : 'Bearer realm="workforce"'
        return body
      })
  )
}

/**
 * The durability barrier of the HTTP layer, the one place every answer over HTTP passes (MCP, REST,
 * client API, console, OAuth): the server's main connection commits with synchronous=NORMAL, and
 * a request that changed the database (its `total_changes()` moved) awaits one shared fdatasync
 * of the -wal file before its answer is written. A request that changed nothing pays two counter
 * reads (about a microsecond each) and waits for nothing.
 */
function durabilityBarrier(rt: Runtime, watch: { failedAt: number | null }) {
  const gc: GroupCommit = enableGroupCommit(rt.handle.sqlite)
  rt.onClose(() => gc.close())
  // The starting point is kept in the request's note (observability.ts), set by the kernel's onRequest.
  const pending = (request: Request) => {
    const note = noteOf(request)
    return note === undefined ? null : gc.durableSince(note.changes)
  }
  return {
    changes: () => gc.changes(),
    beforeAnswer: async ({ request }: { request: Request }) => {
      try {
        await pending(request)
      } catch (e) {
        const note = noteOf(request)
        if (note) note.refusedByKernel = true
        throw e
      }
      // A write request that succeeded (and is on disk) after a storage failure shows the storage
      // took writes again. Here rather than in a global hook of its own: one call less per request.
      if (watch.failedAt !== null && request.method !== 'GET' && request.method !== 'HEAD' && pathOf(request.url) !== MCP_PATH) watch.failedAt = null
    },
    // An error answer after a write (a failure recorded, then refused) waits too; a failed sync
    // there is logged, the error answer stands.
    beforeErrorAnswer: async ({ request }: { request: Request }) => {
      await pending(request)?.catch((e: unknown) => rt.log.error('durability barrier failed', { error: String(e) }))
    },
  }
}

/** Path and query of a request URL (what the URL cap counts). */
const pathAndQueryOf = (url: string): string => url.slice(Math.max(0, url.indexOf('/', url.indexOf('//') + 2)))
const pathOf = (url: string): string => pathAndQueryOf(url).split('?')[0]!

/** Longest request URL (path and query) served; longer ones get 414 uri_too_long. */
export const MAX_URL_BYTES = 8192
/** Largest request header block (names and values) served; larger ones get 431 headers_too_large. */
export const MAX_HEADER_BYTES = 16_384
/**
 * What Bun itself refuses before any of our code runs, with an empty 431 and the connection closed:
 * request line plus headers over this. Raised from Bun's 16 KiB so that our own caps above answer
 * first, in the JSON envelope.
 */
export const BUN_HEADER_BACKSTOP = 65_536
/** Bun answers an empty 413 itself for a declared Content-Length over this (ours answers first). */
export const bunBodyBackstop = (limit: number): number => Math.max(limit * 16, 16 * 1_048_576)

const tooLarge = (limit: number) => new DomainError('payload_too_large', `The request body exceeds ${limit} bytes.`, { limit_bytes: limit })

/** The URL and header caps and the Host/Origin guard: everything decided from the request head. */
function admit(rt: Runtime, request: Request, note: RequestNote): void {
  const urlBytes = pathAndQueryOf(request.url).length
  if (urlBytes > MAX_URL_BYTES) throw new DomainError('uri_too_long', `The request URL exceeds ${MAX_URL_BYTES} bytes.`, { limit_bytes: MAX_URL_BYTES })
  let headerBytes = 0
  request.headers.forEach((value, name) => {
    headerBytes += name.length + value.length + 4
  })
  if (headerBytes > MAX_HEADER_BYTES)
    throw new DomainError('headers_too_large', `The request headers exceed ${MAX_HEADER_BYTES} bytes.`, { limit_bytes: MAX_HEADER_BYTES })
  const refused = checkHostAndOrigin(rt.config, request.headers)
  // The MCP endpoint does not run the same check again on a request accepted here.
  if (!refused) note.admitted = true
  // The open OAuth endpoints answer any browser Origin (CORS, surfaces/oauth.ts); Host still counts.
  else if (!(refused.code === 'origin_not_allowed' && originFreePath(pathOf(request.url)))) {
    const { code, message, ...details } = refused
    throw new DomainError(code, message, details)
  }
  const declared = request.headers.get('content-length')
  if (declared !== null && Number(declared) > rt.config.bodyLimitBytes) throw tooLarge(rt.config.bodyLimitBytes)
}

/**
 * The body cap whatever the framing. A declared Content-Length was checked in `admit` (Bun never
 * delivers more than it declares); a chunked body declares nothing, so a clone of it is read with a
 * byte counter, at most `limit` bytes plus one chunk, before anything parses the original. The
 * kernel calls it only for such a body (no Content-Length, or a Transfer-Encoding).
 */
async function capBody(request: Request, limit: number): Promise<void> {
  const reader = request.clone().body!.getReader()
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return
    total += value.byteLength
    if (total > limit) {
      // Not awaited: cancelling one branch of the tee resolves only when the other one is read.
      void reader.cancel().catch(() => undefined)
      throw tooLarge(limit)
    }
  }
}

/** Seconds a client is told to wait after a storage failure. */
export const STORAGE_RETRY_AFTER_S = 30
/** Less free space than this under the data directory is reported as storage unavailable. */
const STORAGE_MIN_FREE_BYTES = 1_048_576
/** Jobs overdue by more than this make health "degraded". */
const JOB_LAG_DEGRADED_S = 600

const watches = new WeakMap<Runtime, { failedAt: number | null }>()
/**
 * When a request last failed for its storage (SQLITE_FULL, I/O error), per runtime; cleared by the
 * next write request that succeeds. Until then health and readiness say storage is unavailable.
 */
function storageWatch(rt: Runtime): { failedAt: number | null } {
  let w = watches.get(rt)
  if (!w) watches.set(rt, (w = { failedAt: null }))
  return w
}

export interface HealthReport {
  status: 'ok' | 'degraded'
  version: string
  database: 'reachable' | 'unreachable'
  /** A write transaction can be opened (BEGIN IMMEDIATE; ROLLBACK): not read-only, not locked out. */
  writable: boolean
  storage: 'available' | 'unavailable'
  storage_reason?: string
  /** Free bytes under the data directory, when the platform tells. */
  free_bytes: number | null
  jobs: { enabled: boolean; lag_seconds: number; oldest_overdue: { job: string; due_at: string } | null }
  time: string
}

/** Liveness plus what an operator needs to know: database reachable and writable, storage, job lag. */
export function healthReport(rt: Runtime, now = Date.now()): HealthReport {
  let database: HealthReport['database'] = 'reachable'
  try {
    rt.db.get(sql`select 1`)
  } catch {
    database = 'unreachable'
  }
  let writable = database === 'reachable'
  let reason: string | undefined
  if (writable) {
    try {
      rt.handle.sqlite.exec('BEGIN IMMEDIATE')
      rt.handle.sqlite.exec('ROLLBACK')
    } catch (e) {
      writable = false
      reason = `the database cannot be written: ${e instanceof Error ? e.message : String(e)}`
    }
  }
  let free: number | null = null
  try {
    const fs = statfsSync(rt.config.dataDir)
    free = Number(fs.bavail) * Number(fs.bsize)
  } catch {
    free = null
  }
  if (!reason && free !== null && free < STORAGE_MIN_FREE_BYTES) reason = `only ${free} bytes free under the data directory`
  const failedAt = storageWatch(rt).failedAt
  if (!reason && failedAt !== null) reason = `a write failed for lack of storage at ${new Date(failedAt).toISOString()} and none has succeeded since`
  let oldest: { job: string; at: number } | null = null
  if (database === 'reachable') {
    for (const s of listJobStates(rt.db)) {
      if (s.nextRunAt !== null && s.nextRunAt < now && (oldest === null || s.nextRunAt < oldest.at)) oldest = { job: s.jobName, at: s.nextRunAt }
    }
  }
  const lag = oldest ? Math.floor((now - oldest.at) / 1000) : 0
  const storage = database === 'reachable' && !reason ? 'available' : 'unavailable'
  const lagging = rt.config.jobsEnabled && lag > JOB_LAG_DEGRADED_S
  return {
    status: storage === 'available' && !lagging ? 'ok' : 'degraded',
    version: SERVER_VERSION,
    database,
    writable,
    storage,
    ...(reason ? { storage_reason: reason } : {}),
    free_bytes: free,
    jobs: { enabled: rt.config.jobsEnabled, lag_seconds: lag, oldest_overdue: oldest ? { job: oldest.job, due_at: new Date(oldest.at).toISOString() } : null },
    time: new Date(now).toISOString(),
  }
}

/**
 * Liveness: `/api/v1/health` and `/api/mcp/v1/health` answer 200 while the process serves, with the
 * report. Readiness: `/api/v1/ready` answers 503 (with Retry-After) while the database is
 * unreachable or its storage cannot take writes, so a load balancer sends no traffic to it.
 */
export function healthRoutes(rt: Runtime) {
  const check = () => healthReport(rt)
  return new Elysia({ name: 'health' })
    .get('/api/mcp/v1/health', check, { detail: { summary: 'Health of the MCP server (liveness)', tags: ['mcp'] } })
    .get('/api/v1/health', check, { detail: { summary: 'Health of the REST API (liveness)', tags: ['meta'] } })
    .get(
      '/api/v1/ready',
      ({ set }) => {
        const report = healthReport(rt)
        const ready = report.database === 'reachable' && report.storage === 'available'
        if (!ready) {
          set.status = 503
          set.headers['retry-after'] = '5'
        }
        return { ready, ...report }
      },
      { detail: { summary: 'Readiness: 200 when this instance can take traffic, 503 when not', tags: ['meta'] } },
    )
}

/** The whole HTTP application: kernel, health, and every surface mounted on it. */
export function createHttpApp(rt: Runtime) {
  // Process-wide in Bun (node:http's maxHeaderSize is what Bun.serve reads): see BUN_HEADER_BACKSTOP.
  if (http.maxHeaderSize < BUN_HEADER_BACKSTOP) Reflect.set(http, 'maxHeaderSize', BUN_HEADER_BACKSTOP)
  // development: false whatever NODE_ENV says (Elysia turns Bun's development mode on unless it is
  // "production"): that mode answers an error that escapes the app with Bun's page of the error and
  // its stack, which Bun's documentation warns leaks internals. An appliance is always production.
  return new Elysia({ serve: { development: false, maxRequestBodySize: bunBodyBackstop(rt.config.bodyLimitBytes) } })
    .use(httpKernel(rt))
    .use(healthRoutes(rt))
    .use(restApi(rt))
    .use(mcpSurface(rt))
    .use(oauthSurface(rt))
    .use(consoleSurface(rt))
}

export type HttpApp = ReturnType<typeof createHttpApp>
