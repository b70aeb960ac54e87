import { Elysia } from 'elysia'
import { statSync } from 'node:fs'
import { timingSafeEqual } from 'node:crypto'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import { databaseFile } from '../kernel/config'
import { DomainError } from '../kernel/errors'
import { setMetricsSink, type MetricsSink } from '../kernel/metrics'
import { listJobStates } from '../modules/jobs/queries'
import { countPendingDeliveries } from '../modules/webhooks/delivery-queries'
import type { Runtime } from '../runtime'
import { toRestError } from './http-errors'
import type { AnsweredRequest, HttpObserver } from './observability'

/** Where Prometheus scrapes. */
export const METRICS_PATH = '/metrics'

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

const fileSize = (path: string): number => {
  try {
    return statSync(path).size
  } catch {
    return 0
  }
}

/**
 * The Prometheus registry of one server: counters fed by the HTTP observer and the kernel metrics
 * sink (MCP calls, rate-limit refusals, jobs, webhook attempts), gauges read at scrape time from
 * the database (job lag and last success, webhook queue) and the file system (database and WAL
 * sizes), and prom-client's process metrics (memory, CPU, file descriptors, event loop lag).
 */
export function createMetrics(rt: Runtime): { registry: Registry; http: HttpObserver; sink: MetricsSink } {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  // The two per-request counters are counted in plain maps (a number added per request) and handed
  // to prom-client when scraped: a labelled child's inc() still validates and hashes its labels on
  // every call (prom-client 15), about a microsecond a request each.
  const requestCounts = new Map<string, { labels: { method: string; route: string; status: string }; n: number }>()
  const toolCounts = new Map<string, { labels: { tool: string; outcome: string }; n: number }>()
  const cacheCounts = new Map<string, { labels: { operation: string; result: string }; n: number }>()
  new Counter({
    name: 'workforce_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
    collect() {
      this.reset()
      for (const s of requestCounts.values()) this.inc(s.labels, s.n)
    },
  })
  const httpLatency = new Histogram({
    name: 'workforce_http_request_duration_seconds',
    help: 'Time from receiving a request to having sent its response, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  })
  new Counter({
    name: 'workforce_mcp_tool_calls_total',
    help: 'MCP tools/call answered, by tool and outcome (ok or the error code).',
    labelNames: ['tool', 'outcome'] as const,
    registers: [registry],
    collect() {
      this.reset()
      for (const s of toolCounts.values()) this.inc(s.labels, s.n)
    },
  })
  new Counter({
    name: 'workforce_rest_answer_cache_total',
    help: 'Requests to REST reads whose answers are kept in memory, by operation and result (hit, computed, joined: given a computation under way).',
    labelNames: ['operation', 'result'] as const,
    registers: [registry],
    collect() {
      this.reset()
      for (const s of cacheCounts.values()) this.inc(s.labels, s.n)
    },
  })
  const rateLimited = new Counter({
    name: 'workforce_rate_limit_refusals_total',
    help: 'Requests or tool calls refused by a rate limit, by surface (rest, client, mcp).',
    labelNames: ['surface'] as const,
    registers: [registry],
  })
  const jobRuns = new Counter({
    name: 'workforce_job_runs_total',
    help: 'Job ticks run by this process, by job and outcome (succeeded, failed).',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  })
  const jobFailures = new Counter({
    name: 'workforce_job_failures_total',
    help: 'Job ticks that failed (threw or recorded an error), by job.',
    labelNames: ['job'] as const,
    registers: [registry],
  })
  const jobDuration = new Histogram({
    name: 'workforce_job_run_duration_seconds',
    help: 'Duration of job ticks run by this process, by job.',
    labelNames: ['job'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  })
  const lastSuccess = new Map<string, number>()
  new Gauge({
    name: 'workforce_job_last_success_timestamp_seconds',
    help: 'Unix time of the last tick of each job that succeeded (this process, or the database when the last tick there succeeded).',
    labelNames: ['job'] as const,
    registers: [registry],
    collect() {
      this.reset()
      const states = listJobStates(rt.db)
      for (const s of states)
        if (s.lastRunAt !== null && s.lastError === null) lastSuccess.set(s.jobName, Math.max(lastSuccess.get(s.jobName) ?? 0, s.lastRunAt))
      for (const [job, at] of lastSuccess) this.set({ job }, at / 1000)
    },
  })
  new Gauge({
    name: 'workforce_job_lag_seconds',
    help: 'How far past its scheduled time each job is (now minus its next run time; 0 when on time).',
    labelNames: ['job'] as const,
    registers: [registry],
    collect() {
      this.reset()
      const now = Date.now()
      for (const s of listJobStates(rt.db)) this.set({ job: s.jobName }, s.nextRunAt === null ? 0 : Math.max(0, now - s.nextRunAt) / 1000)
    },
  })
  new Gauge({
    name: 'workforce_webhook_queue_depth',
    help: 'Webhook deliveries waiting to be sent (pending: due now or backing off), all tenants.',
    registers: [registry],
    collect() {
      this.set(countPendingDeliveries(rt.db))
    },
  })
  const webhookAttempts = new Counter({
    name: 'workforce_webhook_attempts_total',
    help: 'Webhook delivery attempts by this process, by outcome (delivered, failed).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  })
  const webhookFailures = new Counter({
    name: 'workforce_webhook_failures_total',
    help: 'Webhook delivery attempts that failed (network error, timeout or non-2xx answer).',
    registers: [registry],
  })
  const webhookLatency = new Histogram({
    name: 'workforce_webhook_attempt_duration_seconds',
    help: 'Time a receiver took to answer a webhook delivery attempt.',
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  })
  const dbFile = databaseFile(rt.config)
  new Gauge({
    name: 'workforce_database_size_bytes',
    help: 'Size of the database file (workforce.db).',
    registers: [registry],
    collect() {
      this.set(fileSize(dbFile))
    },
  })
  new Gauge({
    name: 'workforce_database_wal_size_bytes',
    help: 'Size of the write-ahead log (workforce.db-wal).',
    registers: [registry],
    collect() {
      this.set(fileSize(`${dbFile}-wal`))
    },
  })

  // The labelled children per (method, route, status), made once: prom-client hashes a label
  // object on every inc/observe otherwise (sorting its keys), ~10 µs a request. Routes are the
  // matched patterns (bounded), so the map is as bounded as the metric's own series.
  const children = new Map<string, { count: { n: number }; latency: { observe(v: number): void } }>()
  const http: HttpObserver = {
    observe({ method, route, status, seconds }: AnsweredRequest) {
      const key = `${method} ${status} ${route}`
      let child = children.get(key)
      if (!child) {
        const labels = { method, route, status: String(status) }
        const count = { labels, n: 0 }
        requestCounts.set(key, count)
        child = { count, latency: httpLatency.labels(labels) }
        children.set(key, child)
      }
      child.count.n++
      child.latency.observe(seconds)
    },
  }
  // The same per (tool, outcome) and (operation, result): bounded sets.
  const sink: MetricsSink = {
    mcpToolCall(tool, outcome) {
      const key = `${tool} ${outcome}`
      let count = toolCounts.get(key)
      if (!count) toolCounts.set(key, (count = { labels: { tool, outcome }, n: 0 }))
      count.n++
    },
    answerCache(operation, result) {
      const key = `${operation} ${result}`
      let count = cacheCounts.get(key)
      if (!count) cacheCounts.set(key, (count = { labels: { operation, result }, n: 0 }))
      count.n++
    },
    rateLimited: (surface) => rateLimited.inc({ surface }),
    jobRun(job, outcome, seconds, at) {
      jobRuns.inc({ job, outcome })
      jobDuration.observe({ job }, seconds)
      if (outcome === 'failed') jobFailures.inc({ job })
      else lastSuccess.set(job, Math.max(lastSuccess.get(job) ?? 0, at))
    },
    webhookAttempt(outcome, seconds) {
      webhookAttempts.inc({ outcome })
      if (outcome === 'failed') webhookFailures.inc()
      webhookLatency.observe(seconds)
    },
  }
  return { registry, http, sink }
}

const perRuntime = new WeakMap<Runtime, ReturnType<typeof createMetrics>>()

/** The metrics of a runtime, created on first use (one registry per server). */
export function metricsOf(rt: Runtime): ReturnType<typeof createMetrics> {
  let m = perRuntime.get(rt)
  if (!m) perRuntime.set(rt, (m = createMetrics(rt)))
  return m
}

/** Loopback callers: 127.0.0.0/8, ::1 and IPv4-mapped loopback. */
export function isLoopback(address: string | undefined | null): boolean {
  if (!address) return false
  const a = address.toLowerCase()
  return a === '::1' || a.startsWith('127.') || a.startsWith('::ffff:127.')
}

const tokenMatches = (authorization: string | null, token: string): boolean => {
  const m = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null
  if (!m) return false
  const given = Buffer.from(m[1]!)
  const want = Buffer.from(token)
  return given.length === want.length && timingSafeEqual(given, want)
}

/** Whether a caller may read /metrics: from loopback, or with the operator's bearer token when one is set. */
export function metricsCallerAllowed(address: string | undefined | null, authorization: string | null, token: string | null | undefined): boolean {
  return isLoopback(address) || (!!token && tokenMatches(authorization, token))
}

/**
 * GET /metrics in the Prometheus text format, for loopback callers, or for anyone presenting
 * `Authorization: Bearer $WORKFORCE_METRICS_TOKEN` when that is set. Others get 403 forbidden.
 * Installs the kernel metrics sink, so modules' counts land in this registry.
 */
export function metricsRoutes(rt: Runtime, m: ReturnType<typeof createMetrics>) {
  setMetricsSink(m.sink)
  rt.onClose(() => setMetricsSink(null))
  return new Elysia({ name: 'metrics' }).get(
    METRICS_PATH,
    async ({ request, server, set }) => {
      const token = rt.config.metricsToken
      if (!metricsCallerAllowed(server?.requestIP(request)?.address, request.headers.get('authorization'), token)) {
        const refusal = new DomainError(
          'forbidden',
          token
            ? '/metrics answers loopback callers, or callers sending Authorization: Bearer <WORKFORCE_METRICS_TOKEN>.'
            : '/metrics answers loopback callers only; set WORKFORCE_METRICS_TOKEN to let a scraper on another host in with a bearer token.',
        )
        // Answered here: this route is mounted before the kernel's error handler applies.
        const { status, body } = toRestError(refusal, 'DomainError', rt.log, String(set.headers['x-request-id'] ?? ''))
        set.status = status
        return body
      }
      set.headers['content-type'] = m.registry.contentType
      return m.registry.metrics()
    },
    { detail: { summary: 'Prometheus metrics (loopback or WORKFORCE_METRICS_TOKEN)', tags: ['meta'], hide: true } },
  )
}
