import { afterAll, describe, expect, test } from 'bun:test'
import { createTenant } from '../../src/modules/tenants/create-tenant'
import { findTenantCtx } from '../../src/modules/tenants/queries'
import { AGENT_SESSION_TIMEOUT_MS, endActiveAgentSessions, insertAgentSession, insertDevice } from '../../src/modules/activity/agent-queries'
import { systemCtx } from '../../src/runtime'
import type { TenantBoundCtx } from '../../src/kernel/ctx'
import { MINUTE } from '../../src/kernel/time'
import { tempRuntime } from '../helpers/db'

const rt = tempRuntime()
afterAll(() => rt.cleanup())

describe('endActiveAgentSessions (cross-device handover, for clock-in)', () => {
  test('ends every active session of the user with the given reason; timed-out ones as timeout at their last heartbeat', () => {
    const t0 = Date.parse('2026-05-04T08:00:00Z')
    const { tenant, owner } = createTenant(
      rt.db,
      { name: 'Handover Co', planId: 'business', timezone: 'UTC', isDemo: false, owner: { name: 'H', email: 'h@handover.test' } },
      t0,
    )
    const at = (now: number) => systemCtx(rt, findTenantCtx(rt.db, tenant.id), 'job', now) as TenantBoundCtx
    const device = (fp: string) =>
      insertDevice(at(t0), { userId: owner.id, name: fp, platform: 'linux', fingerprint: fp, agentVersion: null, registeredAt: t0, lastSeenAt: t0 })
    const stale = insertAgentSession(at(t0), owner.id, device('fp-stale-000').id)
    const fresh = insertAgentSession(at(t0 + 30 * MINUTE), owner.id, device('fp-fresh-000').id)
    const now = t0 + 31 * MINUTE
    expect(endActiveAgentSessions(at(now), owner.id, 'handover')).toBe(2)
    const row = (id: string) => rt.handle.sqlite.query('select ended_at, end_reason from agent_sessions where id = ?').get(id)
    expect(row(stale.id)).toEqual({ ended_at: t0, end_reason: 'timeout' })
    expect(row(fresh.id)).toEqual({ ended_at: now, end_reason: 'handover' })
    expect(now - t0).toBeGreaterThan(AGENT_SESSION_TIMEOUT_MS)
    expect(endActiveAgentSessions(at(now + MINUTE), owner.id, 'handover')).toBe(0)
  })
})
