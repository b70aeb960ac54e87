/**
 * The scenarios behind `bun scripts/trace-requests.ts`: each runs the traced request
 * TRACE_REPEAT times (1 or 2) against an in-process server (createHttpApp over openRuntime) on a
 * data directory prepared by the CLI, so that line coverage of run 2 minus run 1 is exactly what
 * one warm request executes. Run by the driver only, never by `bun run test` (it is not *.test.ts).
 */
import { expect, test } from 'bun:test'
import { loadConfig } from '../../src/kernel/config'
import { createLogger } from '../../src/kernel/log'
import { runJobTick } from '../../src/modules/jobs/runner'
import { findTenantByReference } from '../../src/modules/tenants/queries'
import { openRuntime } from '../../src/runtime'
import { createHttpApp } from '../../src/surfaces/http'
import { JOBS } from '../../src/surfaces/registry'

const dataDir = process.env.TRACE_DATA!
const repeat = Number(process.env.TRACE_REPEAT ?? 1)
const trace = process.env.TRACE_NAME!
const env = JSON.parse(process.env.TRACE_ENV ?? '{}') as { liveKey: string; apiToken: string; demoTenant: string; date: string }

const rt = openRuntime(loadConfig({ dataDir }), createLogger('silent'))
const app = createHttpApp(rt)
const call = (path: string, init: RequestInit) => app.handle(new Request(`http://127.0.0.1${path}`, init))

async function mcp(method: string, params: unknown, session?: string): Promise<Response> {
  return call('/api/mcp/v1', {
    method: 'POST',
    headers: {
      authorization: `Bearer ${env.liveKey}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
      ...(session ? { 'mcp-session-id': session } : {}),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
}

const scenarios: Record<string, () => Promise<void>> = {
  /** MCP tools/call clock_out; each round clocks in first (the clock-in is in both runs' baseline). */
  async clock_out() {
    const init = await mcp('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'trace', version: '1' } })
    const session = init.headers.get('mcp-session-id') ?? undefined
    for (let i = 0; i < 2; i++) {
      const clockIn = await mcp('tools/call', { name: 'clock_in', arguments: {} }, session)
      expect(clockIn.status).toBe(200)
      if (i >= repeat) break
      const res = await mcp('tools/call', { name: 'clock_out', arguments: {} }, session)
      expect(JSON.stringify(await res.json())).toContain('"success":true')
    }
  },
  /** REST GET /api/v1/activity/summary of the demo tenant, a different date each time (no cache hit). */
  async activity_summary() {
    const dayBefore = new Date(Date.parse(env.date) - 86_400_000).toISOString().slice(0, 10)
    const dates = [env.date, dayBefore]
    for (let i = 0; i < repeat; i++) {
      const res = await call(`/api/v1/activity/summary?date=${dates[i]}`, { headers: { authorization: `Bearer ${env.apiToken}` } })
      expect(res.status).toBe(200)
    }
  },
  /** One tenant-day of the daily summaries job, as `workforce jobs run --tenant T --date D` runs it. */
  async daily_summaries_job() {
    const job = JOBS.find((j) => j.name === 'activity.daily_summaries')!
    const tenant = findTenantByReference(rt.db, env.demoTenant)!
    for (let i = 0; i < repeat; i++) {
      const now = Date.parse(`${env.date}T12:00:00Z`) + i * 60_000
      const tick = await runJobTick(rt, job, now, () => null, { tenantId: tenant.id, date: env.date })
      expect(tick.error).toBeNull()
    }
  },
}

test(`trace ${trace} x${repeat}`, async () => {
  await scenarios[trace]!()
  rt.close()
})
