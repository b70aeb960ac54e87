/**
 * Webhook delivery benchmark against a real server process and a local receiver (Bun.serve).
 *
 * 1. Latency: state changes caused inside the server (a key presented with a wrong secret five
 *    times emits security.login_failed), one at a time; delay = receipt at the receiver minus the
 *    event's own timestamp (same machine clock). Shows the in-process wake-up path.
 * 2. Throughput: N plan changes committed by another process on the same database (as an operator
 *    command would), picked up by the server's tick; deliveries per second from first to last
 *    receipt, fanned out to S subscriptions.
 *
 * Baselines, in the same run against the same receiver: for 1, one bare signed POST at a time from
 * this process (the network floor of a delivery); for 2, this process posting the same number of
 * signed envelopes with the server's delivery concurrency (DELIVERY_LIMITS: 16 in flight, 4 per
 * endpoint) and no database. REST limits are raised (WORKFORCE_RATE_LIMIT_HOUR/DAY); any unexpected
 * answer (a 200 that is not, a 401 that is not, a missing or extra delivery) exits non-zero.
 *
 *   bun run bench:webhooks [--latency 200] [--events 5000] [--subs 4]
 */
import { parseArgs } from 'node:util'
import { createHmac } from 'node:crypto'
import { loadConfig } from '../src/kernel/config'
import { silentLogger } from '../src/kernel/log'
import { transaction } from '../src/kernel/db'
import { openRuntime } from '../src/runtime'
import { findTenantByReference, updateTenantPlan } from '../src/modules/tenants/queries'
import { emitEvent } from '../src/modules/webhooks/outbox-queries'
import { DELIVERY_LIMITS } from '../src/modules/webhooks/deliver'
import { createKeyFixture, createTenantFixture } from '../test/helpers/fixtures'
import { startServer } from '../test/helpers/server'

const { values } = parseArgs({
  options: { latency: { type: 'string', default: '200' }, events: { type: 'string', default: '5000' }, subs: { type: 'string', default: '4' } },
})
const LATENCY_SAMPLES = Number(values.latency)
const EVENTS = Number(values.events)
const SUBS = Number(values.subs)

const received: { at: number; event: string; timestamp: string }[] = []
const receiver = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  async fetch(req) {
    const env = (await req.json()) as { event: string; timestamp: string }
    if (env.event === 'baseline') return new Response('ok')
    received.push({ at: Date.now(), event: env.event, timestamp: env.timestamp })
    return new Response('ok')
  },
})
const hookUrl = `http://127.0.0.1:${receiver.port}/hook`

const server = await startServer({
  env: {
    WORKFORCE_WEBHOOK_ALLOW_CIDRS: '127.0.0.0/8',
    WORKFORCE_LOG_LEVEL: 'error',
    WORKFORCE_RATE_LIMIT_HOUR: '1000000000',
    WORKFORCE_RATE_LIMIT_DAY: '1000000000',
  },
})
const errors: string[] = []

/** The baseline sender: one signed envelope, as the server signs it (signing.ts), no database. */
const secret = Buffer.from('bench-baseline-secret')
async function barePost(n: number): Promise<number> {
  const body = JSON.stringify({ event: 'baseline', timestamp: new Date().toISOString(), data: { n } })
  const id = `msg_${n}`
  const ts = Math.floor(Date.now() / 1000)
  const t0 = performance.now()
  const res = await fetch(`${hookUrl}?baseline`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(ts),
      'webhook-signature': `v1,${createHmac('sha256', secret).update(`${id}.${ts}.${body}`).digest('base64')}`,
    },
    body,
  })
  await res.arrayBuffer()
  if (res.status !== 200) errors.push(`baseline POST answered ${res.status}`)
  return performance.now() - t0
}
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!

async function waitFor(cond: () => boolean, ms: number) {
  const end = Date.now() + ms
  while (!cond() && Date.now() < end) await Bun.sleep(2)
  if (!cond()) throw new Error('timed out waiting for deliveries')
}

async function subscribe(token: string, events: string[]) {
  const res = await fetch(`${server.url}/api/v1/webhooks/subscribe`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: hookUrl, events }),
  })
  if (res.status !== 201) throw new Error(`subscribe failed: ${await res.text()}`)
}

try {
  // 1. Latency of state changes made in the server process.
  const a = await createTenantFixture(server)
  const token = (await createKeyFixture(server, a.tenant, { kind: 'api', role: 'admin', scope: 'read_write' })).key
  await subscribe(token, ['security.login_failed'])
  const wrong = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A')
  const get = async (key: string, expected: number) => {
    const r = await fetch(`${server.url}/api/v1/webhooks/events`, { headers: { authorization: `Bearer ${key}` } })
    await r.arrayBuffer()
    if (r.status !== expected) errors.push(`GET /api/v1/webhooks/events answered ${r.status}, expected ${expected}`)
  }
  const delays: number[] = []
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    for (let k = 0; k < 5; k++) await get(wrong, 401)
    await waitFor(() => received.length > i, 15_000)
    const r = received[i]!
    delays.push(r.at - Date.parse(r.timestamp))
    await get(token, 200) // a success resets the failure count
  }
  console.log(`latency (state change -> delivered), ${LATENCY_SAMPLES} events one at a time:`)
  const bareDelays: number[] = []
  for (let i = 0; i < LATENCY_SAMPLES; i++) bareDelays.push(await barePost(i))
  console.log(`  p50 ${pct(delays, 50)} ms, p99 ${pct(delays, 99)} ms, max ${Math.max(...delays)} ms`)
  console.log(
    `  baseline (one bare signed POST to the same receiver at a time): p50 ${pct(bareDelays, 50).toFixed(2)} ms, p99 ${pct(bareDelays, 99).toFixed(2)} ms`,
  )

  // 2. Throughput of a burst written by another process.
  const b = await createTenantFixture(server)
  const tokenB = (await createKeyFixture(server, b.tenant, { kind: 'api', role: 'admin', scope: 'read_write' })).key
  for (let s = 0; s < SUBS; s++) await subscribe(tokenB, ['subscription.plan_changed'])
  const before = received.length
  const rt = openRuntime(loadConfig({ dataDir: server.dataDir, logLevel: 'silent' }), silentLogger)
  const tenant = findTenantByReference(rt.db, b.tenant)!
  const tenantId = tenant.id
  const plans = ['enterprise', 'business'] as const
  const wroteStart = performance.now()
  for (let i = 0; i < EVENTS; i += 100) {
    transaction(rt.db, (tx) => {
      for (let j = i; j < Math.min(EVENTS, i + 100); j++) {
        const [from, to] = j % 2 ? [plans[0], plans[1]] : [plans[1], plans[0]]
        updateTenantPlan({ tenant, db: tx, now: Date.now() }, to)
        emitEvent(tx, tenantId, 'subscription.plan_changed', { previousPlan: from, plan: to, changedAt: new Date().toISOString() }, Date.now())
      }
    })
  }
  const wroteMs = performance.now() - wroteStart
  rt.close()
  const expected = before + EVENTS * SUBS
  await waitFor(() => received.length >= expected, 600_000)
  const burst = received.slice(before)
  const span = (burst.at(-1)!.at - burst[0]!.at) / 1000
  const burstDelays = burst.map((r) => r.at - Date.parse(r.timestamp))
  console.log(
    `throughput: ${EVENTS} events x ${SUBS} subscriptions = ${burst.length} deliveries (events written in ${Math.round(wroteMs)} ms by another process)`,
  )
  console.log(
    `  ${Math.round(burst.length / span)} deliveries/s (${Math.round(EVENTS / span)} events/s fanned out to ${SUBS} endpoints) over ${span.toFixed(2)} s`,
  )
  console.log(`  delay in the burst: p50 ${pct(burstDelays, 50)} ms, p99 ${pct(burstDelays, 99)} ms (includes the wait for the 2 s tick and the queue)`)
  // Baseline: the same number of signed POSTs from this process with the server's concurrency.
  const slots = Math.min(DELIVERY_LIMITS.concurrency, DELIVERY_LIMITS.perSubscription * SUBS)
  let next = 0
  const bareStart = performance.now()
  await Promise.all(
    Array.from({ length: slots }, async () => {
      while (next < burst.length) await barePost(next++)
    }),
  )
  const bareSpan = (performance.now() - bareStart) / 1000
  console.log(
    `  baseline: ${Math.round(burst.length / bareSpan)} POSTs/s (${burst.length} bare signed POSTs, ${slots} in flight, no database) = workforce at ${Math.round((100 * (burst.length / span)) / (burst.length / bareSpan))}%`,
  )
  await Bun.sleep(500)
  if (received.length !== expected) errors.push(`${received.length - expected} extra deliveries`)
} finally {
  receiver.stop(true)
  await server.stop()
}
for (const e of errors.slice(0, 5)) console.error(`error answer: ${e}`)
if (errors.length > 0) {
  console.error(`${errors.length} error answer(s)`)
  process.exitCode = 1
}
