import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { loadConfig } from '../../src/kernel/config'
import { silentLogger } from '../../src/kernel/log'
import { transaction } from '../../src/kernel/db'
import { DomainError } from '../../src/kernel/errors'
import { openRuntime, type Runtime } from '../../src/runtime'
import { createTenant } from '../../src/modules/tenants/create-tenant'
import { findTenantById, updateTenantPlan } from '../../src/modules/tenants/queries'
import { emitEvent } from '../../src/modules/webhooks/outbox-queries'
import { insertWebhookSubscription } from '../../src/modules/webhooks/queries'
import { claimDue, fanOutBatch } from '../../src/modules/webhooks/delivery-queries'
import { recordAttempt, type AttemptRecord } from '../../src/modules/webhooks/attempt-queries'
import { newSubscriptionId } from '../../src/modules/webhooks/model'

const dir = mkdtempSync(join(tmpdir(), 'wf-outbox-'))
let rt: Runtime
let tenantId: number
const T0 = Date.parse('2026-03-02T09:00:00Z')
const scopeOf = (id: number) => ({ tenant: { id, timezone: 'UTC' }, db: rt.db, now: T0 })
const eventsOf = (id: number) => rt.db.all<{ type: string }>(sql`select type from events where tenant_id = ${id}`)

beforeAll(() => {
  rt = openRuntime(loadConfig({ dataDir: dir, logLevel: 'silent' }), silentLogger)
  const t = createTenant(rt.db, { name: 'Outbox Co', planId: 'business', timezone: 'UTC', isDemo: false, owner: { name: 'O', email: 'o@outbox.test' } }, T0)
  tenantId = t.tenant.id
})
afterAll(() => {
  rt.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('the webhook outbox', () => {
  test('a change that emits an event and then fails leaves neither the change nor the event', () => {
    expect(() =>
      transaction(rt.db, (tx) => {
        updateTenantPlan({ tenant: { id: tenantId, timezone: 'UTC' }, db: tx, now: T0 }, 'enterprise')
        emitEvent(tx, tenantId, 'subscription.plan_changed', { previousPlan: 'business', plan: 'enterprise', changedAt: new Date(T0).toISOString() }, T0)
        throw new DomainError('conflict', 'something later in the change failed')
      }),
    ).toThrow('something later')
    expect(findTenantById(rt.db, tenantId)?.planId).toBe('business')
    expect(eventsOf(tenantId)).toEqual([])
  })

  test('a committed change commits its event with it', () => {
    transaction(rt.db, (tx) => {
      updateTenantPlan({ tenant: { id: tenantId, timezone: 'UTC' }, db: tx, now: T0 }, 'enterprise')
      emitEvent(tx, tenantId, 'subscription.plan_changed', { previousPlan: 'business', plan: 'enterprise', changedAt: new Date(T0).toISOString() }, T0)
    })
    expect(eventsOf(tenantId)).toEqual([{ type: 'subscription.plan_changed' }])
  })

  test('an attempt is claimed by one sender only, and taken over with the next attempt number after its lease expires', () => {
    insertWebhookSubscription(scopeOf(tenantId), {
      id: newSubscriptionId(),
      url: 'http://127.0.0.1:9/',
      events: null,
      secret: 'whsec_AAAA',
      status: 'active',
      createdAt: T0 - 1,
      updatedAt: T0,
    })
    expect(fanOutBatch(rt.db, T0, 100).deliveries).toBe(1)
    expect(fanOutBatch(rt.db, T0, 100).events).toBe(0)
    const claim = (now: number) => claimDue(rt.db, { now, limit: 10, leaseMs: 60_000, busy: new Map(), perSubscription: 4 })
    const [first] = claim(T0)
    expect(first?.attempt).toBe(1)
    expect(claim(T0 + 1000)).toEqual([])
    const [second] = claim(T0 + 61_000)
    expect(second?.attempt).toBe(2)
    const rec: AttemptRecord = {
      startedAt: T0,
      durationMs: 5,
      responseStatus: 200,
      responseExcerpt: null,
      error: null,
      status: 'succeeded',
      nextAttemptAt: null,
      endpoint: { kind: 'healthy' },
    }
    // The first sender lost its lease: its late result is not recorded over the second's.
    expect(recordAttempt(rt.db, first!, rec, T0 + 62_000)).toBe(false)
    expect(recordAttempt(rt.db, second!, rec, T0 + 62_000)).toBe(true)
    expect(claim(T0 + 10 * 86_400_000)).toEqual([])
  })
})

describe('endpoint health', () => {
  test('a success clears failing_since even when a failure of the same endpoint was recorded after its claim', () => {
    const t = createTenant(rt.db, { name: 'Health Co', planId: 'business', timezone: 'UTC', isDemo: false, owner: { name: 'H', email: 'h@health.test' } }, T0)
    const subId = newSubscriptionId()
    insertWebhookSubscription(scopeOf(t.tenant.id), {
      id: subId,
      url: 'http://127.0.0.1:9/',
      events: null,
      secret: 'whsec_AAAA',
      status: 'active',
      createdAt: T0 - 1,
      updatedAt: T0,
    })
    transaction(rt.db, (tx) => {
      for (const plan of ['enterprise', 'business'])
        emitEvent(tx, t.tenant.id, 'subscription.plan_changed', { previousPlan: 'x', plan, changedAt: new Date(T0).toISOString() }, T0)
    })
    fanOutBatch(rt.db, T0, 100)
    const [a, b] = claimDue(rt.db, { now: T0, limit: 10, leaseMs: 60_000, busy: new Map(), perSubscription: 4 }).filter((c) => c.subscription.id === subId)
    const base = { startedAt: T0, durationMs: 1, responseExcerpt: null, nextAttemptAt: null } as const
    recordAttempt(
      rt.db,
      a!,
      { ...base, responseStatus: 500, error: 'HTTP 500', status: 'pending', nextAttemptAt: T0 + 60_000, endpoint: { kind: 'failing' } },
      T0,
    )
    expect(rt.db.all<{ f: number | null }>(sql`select failing_since as f from webhook_subscriptions where id = ${subId}`)[0]?.f).toBe(T0)
    recordAttempt(rt.db, b!, { ...base, responseStatus: 200, error: null, status: 'succeeded', endpoint: { kind: 'healthy' } }, T0)
    expect(rt.db.all<{ f: number | null }>(sql`select failing_since as f from webhook_subscriptions where id = ${subId}`)[0]?.f).toBeNull()
  })
})

describe('emitEvent typing', () => {
  test('payloads are checked against the event catalogue at compile time (bun run typecheck)', () => {
    const wrong = () =>
      transaction(rt.db, (tx) => {
        // @ts-expect-error timesheet.approved needs the six fields of the spec
        emitEvent(tx, tenantId, 'timesheet.approved', { userEmail: 'a@b.example' }, T0)
        // @ts-expect-error not one of the 32 event names
        emitEvent(tx, tenantId, 'timesheet.exploded', {}, T0)
        throw new DomainError('conflict', 'never commit this')
      })
    expect(wrong).toThrow('never commit this')
  })
})
