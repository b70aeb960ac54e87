import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import parsePrometheusTextFormat from 'parse-prometheus-text-format'
import { metricsCallerAllowed } from '../../src/surfaces/metrics'
import { startServer, type TestServer } from '../helpers/server'

/** /metrics over HTTP, parsed by a Prometheus text-format parser (not prom-client). */
async function scrape(url: string) {
  const res = await fetch(`${url}/metrics`)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toContain('text/plain')
  const families = parsePrometheusTextFormat(await res.text())
  const family = (name: string) => families.find((f) => f.name === name)
  /** The value of the sample of `name` whose labels include `labels` (0 when absent). */
  const value = (name: string, labels: Record<string, string> = {}): number => {
    const sample = family(name)?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))
    return Number(sample?.value ?? sample?.count ?? 0)
  }
  return { families, family, value }
}

const mcpCall = (server: TestServer, id: number) =>
  fetch(`${server.url}/api/mcp/v1`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.demoKey}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'list_employees', arguments: {} } }),
  })

const TOKEN = 'metrics-test-token-0123456789'

let server: TestServer
beforeAll(async () => {
  server = await startServer({ env: { WORKFORCE_MCP_RATE_LIMIT_MINUTE: '3', WORKFORCE_METRICS_TOKEN: TOKEN } })
})
afterAll(async () => {
  if (server.proc.exitCode === null) await server.stop()
})

describe('GET /metrics', () => {
  test('counts the traffic it was sent: requests by route pattern and status, MCP calls by tool and outcome, rate-limit refusals', async () => {
    const before = await scrape(server.url)
    for (let i = 0; i < 3; i++) expect((await fetch(`${server.url}/api/v1/health`)).status).toBe(200)
    // Two different ids, one route pattern: the label is the pattern, not the raw path.
    for (const id of ['aaa', 'bbb']) expect((await fetch(`${server.url}/api/v1/tasks/${id}`)).status).toBe(401)
    expect((await fetch(`${server.url}/no/such/path`)).status).toBe(404)
    // Limit 3 per minute: calls 1-3 answer, call 4 is refused as rate_limited.
    const outcomes: string[] = []
    for (let i = 1; i <= 4; i++) {
      const body = (await (await mcpCall(server, i)).json()) as { result: { isError?: boolean; structuredContent?: { error?: string } } }
      outcomes.push(body.result.isError ? String(body.result.structuredContent?.error) : 'ok')
    }
    expect(outcomes).toEqual(['ok', 'ok', 'ok', 'rate_limited'])

    const after = await scrape(server.url)
    const delta = (name: string, labels: Record<string, string> = {}) => after.value(name, labels) - before.value(name, labels)
    expect(delta('workforce_http_requests_total', { method: 'GET', route: '/api/v1/health', status: '200' })).toBe(3)
    expect(delta('workforce_http_requests_total', { method: 'GET', route: '/api/v1/tasks/:task_id', status: '401' })).toBe(2)
    expect(delta('workforce_http_requests_total', { route: 'unmatched', status: '404' })).toBe(1)
    expect(delta('workforce_http_requests_total', { method: 'POST', route: '/api/mcp/v1', status: '200' })).toBe(4)
    expect(after.families.some((f) => f.metrics.some((m) => JSON.stringify(m.labels ?? {}).includes('aaa')))).toBe(false)
    // The latency histogram is there (this parser flattens labelled histograms, so only its type is read).
    expect(after.family('workforce_http_request_duration_seconds')?.type).toBe('HISTOGRAM')
    expect(delta('workforce_mcp_tool_calls_total', { tool: 'list_employees', outcome: 'ok' })).toBe(3)
    expect(delta('workforce_mcp_tool_calls_total', { tool: 'list_employees', outcome: 'rate_limited' })).toBe(1)
    expect(delta('workforce_rate_limit_refusals_total', { surface: 'mcp' })).toBe(1)
  })

  test('shows jobs, webhook queue, database and WAL size and process memory', async () => {
    // The webhook delivery job ticks every 2 s; wait for one tick to be counted.
    let m = await scrape(server.url)
    for (let i = 0; i < 40 && m.value('workforce_job_runs_total', { job: 'webhooks.deliver', outcome: 'succeeded' }) === 0; i++) {
      await Bun.sleep(250)
      m = await scrape(server.url)
    }
    expect(m.value('workforce_job_runs_total', { job: 'webhooks.deliver', outcome: 'succeeded' })).toBeGreaterThan(0)
    expect(m.value('workforce_job_last_success_timestamp_seconds', { job: 'webhooks.deliver' })).toBeGreaterThan(Date.now() / 1000 - 600)
    expect(m.family('workforce_job_lag_seconds')?.type).toBe('GAUGE')
    expect(m.family('workforce_job_failures_total')?.type).toBe('COUNTER')
    expect(m.family('workforce_webhook_queue_depth')?.metrics[0]?.value).toBe('0')
    for (const name of ['workforce_webhook_attempts_total', 'workforce_webhook_failures_total', 'workforce_webhook_attempt_duration_seconds']) {
      expect(m.family(name)).toBeDefined()
    }
    expect(m.value('workforce_database_size_bytes')).toBeGreaterThan(0)
    expect(m.family('workforce_database_wal_size_bytes')).toBeDefined()
    expect(m.value('process_resident_memory_bytes')).toBeGreaterThan(1_000_000)
  })

  // Tests talk to loopback only, so the rule for other callers is checked on the decision itself.
  test('refuses a caller that is neither on loopback nor presents WORKFORCE_METRICS_TOKEN', () => {
    for (const address of ['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1'])
      expect([address, metricsCallerAllowed(address, null, TOKEN)]).toEqual([address, true])
    for (const address of ['192.0.2.2', '10.0.0.5', 'fd00::2', '::ffff:192.0.2.2', undefined]) {
      expect([address, metricsCallerAllowed(address, null, TOKEN)]).toEqual([address, false])
      expect([address, metricsCallerAllowed(address, 'Bearer not-the-token', TOKEN)]).toEqual([address, false])
      expect([address, metricsCallerAllowed(address, `Bearer ${TOKEN}`, TOKEN)]).toEqual([address, true])
      expect([address, metricsCallerAllowed(address, `Bearer ${TOKEN}`, null)]).toEqual([address, false])
    }
  })
})
