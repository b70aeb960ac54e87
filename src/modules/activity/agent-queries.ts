import { and, eq, isNull, lt, sql } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { prepared } from '../../kernel/db'
import { newId } from '../../kernel/ids'
import { MINUTE } from '../../kernel/time'
import { notFound } from '../../kernel/errors'
import { agentSessions, devices, type AgentSessionEndReason } from './schema'

export type DeviceRow = typeof devices.$inferSelect
export type AgentSessionRow = typeof agentSessions.$inferSelect

/**
 * A session whose agent has not sent a heartbeat for this long counts as timed out: agents send
 * one every minute, so ten minutes tolerates a sleeping laptop's short network loss but not a
 * machine that was shut down. A timed-out session ends at its last heartbeat (the last evidence
 * that the agent was running), with end_reason 'timeout'.
 */
export const AGENT_SESSION_TIMEOUT_MINUTES = 10
export const AGENT_SESSION_TIMEOUT_MS = AGENT_SESSION_TIMEOUT_MINUTES * MINUTE

export const isTimedOut = (s: Pick<AgentSessionRow, 'endedAt' | 'lastHeartbeatAt'>, now: number): boolean =>
  s.endedAt === null && now - s.lastHeartbeatAt > AGENT_SESSION_TIMEOUT_MS

export function findDeviceByFingerprint(ctx: TenantScope, userId: string, fingerprint: string): DeviceRow | null {
  return (
    ctx.db
      .select()
      .from(devices)
      .where(and(eq(devices.tenantId, ctx.tenant.id), eq(devices.userId, userId), eq(devices.fingerprint, fingerprint)))
      .get() ?? null
  )
}

export function insertDevice(ctx: TenantScope, row: Omit<typeof devices.$inferInsert, 'id' | 'tenantId'>): DeviceRow {
  return ctx.db
    .insert(devices)
    .values({ ...row, id: newId(), tenantId: ctx.tenant.id })
    .returning()
    .get()
}

export function updateDevice(
  ctx: TenantScope,
  deviceId: string,
  patch: Partial<Pick<DeviceRow, 'name' | 'platform' | 'agentVersion' | 'lastSeenAt'>>,
): DeviceRow {
  return ctx.db
    .update(devices)
    .set(patch)
    .where(and(eq(devices.tenantId, ctx.tenant.id), eq(devices.id, deviceId)))
    .returning()
    .get()!
}

/** A device of this user; other users' and other tenants' devices are not found. */
export function getDeviceOfUser(ctx: TenantScope, userId: string, deviceId: string): DeviceRow {
  const row = ctx.db
    .select()
    .from(devices)
    .where(and(eq(devices.tenantId, ctx.tenant.id), eq(devices.userId, userId), eq(devices.id, deviceId)))
    .get()
  if (!row) throw notFound('Device')
  return row
}

/** A session of this user; other users' and other tenants' sessions are not found. */
export function getAgentSessionOfUser(ctx: TenantScope, userId: string, sessionId: string): AgentSessionRow {
  const row = ctx.db
    .select()
    .from(agentSessions)
    .where(and(eq(agentSessions.tenantId, ctx.tenant.id), eq(agentSessions.userId, userId), eq(agentSessions.id, sessionId)))
    .get()
  if (!row) throw notFound('Agent session')
  return row
}

export function findActiveSessionOfDevice(ctx: TenantScope, deviceId: string): AgentSessionRow | null {
  return (
    ctx.db
      .select()
      .from(agentSessions)
      .where(and(eq(agentSessions.tenantId, ctx.tenant.id), eq(agentSessions.deviceId, deviceId), isNull(agentSessions.endedAt)))
      .get() ?? null
  )
}

export function insertAgentSession(ctx: TenantScope, userId: string, deviceId: string): AgentSessionRow {
  return ctx.db
    .insert(agentSessions)
    .values({ id: newId(), tenantId: ctx.tenant.id, userId, deviceId, startedAt: ctx.now, lastHeartbeatAt: ctx.now })
    .returning()
    .get()
}

export function recordHeartbeat(ctx: TenantScope, sessionId: string): AgentSessionRow {
  return ctx.db
    .update(agentSessions)
    .set({ lastHeartbeatAt: ctx.now })
    .where(and(eq(agentSessions.tenantId, ctx.tenant.id), eq(agentSessions.id, sessionId)))
    .returning()
    .get()!
}

/**
 * Ends one active session. A session that already timed out ends at its last heartbeat with
 * reason 'timeout', whatever reason the caller gives; otherwise it ends now with `reason`.
 */
export function endAgentSession(ctx: TenantScope, session: AgentSessionRow, reason: AgentSessionEndReason): AgentSessionRow {
  const timedOut = isTimedOut(session, ctx.now)
  return (
    ctx.db
      .update(agentSessions)
      .set({ endedAt: timedOut ? session.lastHeartbeatAt : ctx.now, endReason: timedOut ? 'timeout' : reason })
      .where(and(eq(agentSessions.tenantId, ctx.tenant.id), eq(agentSessions.id, session.id), isNull(agentSessions.endedAt)))
      .returning()
      .get() ?? session
  )
}

/**
 * Ends every active desktop-agent session of a user (cross-device handover: a clock-in elsewhere
 * calls this with reason 'handover'). Timed-out sessions end at their last heartbeat as 'timeout'.
 * Returns how many sessions it ended. Call it inside the caller's transaction.
 */
export function endActiveAgentSessions(ctx: TenantScope, userId: string, reason: AgentSessionEndReason): number {
  // Prepared once per connection: every clock-in and clock-out ends the user's agent sessions.
  const stmt = prepared(ctx.db, 'agentSessions.endActive', (d) => {
    const s = agentSessions
    const stale = sql`${s.lastHeartbeatAt} < ${sql.placeholder('staleBefore')}`
    return d
      .update(s)
      .set({
        endedAt: sql`case when ${stale} then ${s.lastHeartbeatAt} else ${sql.placeholder('now')} end`,
        endReason: sql`case when ${stale} then 'timeout' else ${sql.placeholder('reason')} end`,
      })
      .where(and(eq(s.tenantId, sql.placeholder('tenantId')), eq(s.userId, sql.placeholder('userId')), isNull(s.endedAt)))
      .returning({ id: s.id })
      .prepare()
  })
  const ended = stmt.all({ staleBefore: ctx.now - AGENT_SESSION_TIMEOUT_MS, now: ctx.now, reason, tenantId: ctx.tenant.id, userId })
  return ended.length
}

/** Closes every session of the tenant whose heartbeat is older than the timeout (housekeeping). */
export function endTimedOutAgentSessions(ctx: TenantScope): number {
  const s = agentSessions
  return ctx.db
    .update(s)
    .set({ endedAt: sql`${s.lastHeartbeatAt}`, endReason: 'timeout' })
    .where(and(eq(s.tenantId, ctx.tenant.id), isNull(s.endedAt), lt(s.lastHeartbeatAt, ctx.now - AGENT_SESSION_TIMEOUT_MS)))
    .returning({ id: s.id })
    .all().length
}
