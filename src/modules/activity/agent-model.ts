import { t } from 'elysia'
import { Id, Instant, Nullable } from '../../kernel/schemas'
import { toIso, toIsoOrNull } from '../../kernel/time'
import { AGENT_SESSION_TIMEOUT_MS, isTimedOut, type AgentSessionRow, type DeviceRow } from './agent-queries'

export const PlatformEnum = t.Union([t.Literal('windows'), t.Literal('macos'), t.Literal('linux')], {
  description: 'Operating system of the device: windows, macos or linux',
})

export const Device = t.Object({
  id: Id,
  name: t.String({ description: 'Host name shown to the user' }),
  platform: PlatformEnum,
  fingerprint: t.String({ description: 'Stable machine identifier chosen by the agent' }),
  agent_version: Nullable(t.String()),
  registered_at: Instant,
  last_seen_at: Nullable(Instant),
})

export const AgentSessionStatus = t.Union([t.Literal('active'), t.Literal('ended'), t.Literal('timed_out')], {
  description: 'active; ended (end_reason says why); timed_out: no heartbeat within the timeout (ends at its last heartbeat)',
})

export const AgentSession = t.Object({
  id: Id,
  device_id: Id,
  status: AgentSessionStatus,
  started_at: Instant,
  last_heartbeat_at: Instant,
  heartbeat_due_by: Nullable(
    t.String({ format: 'date-time', description: 'Send the next heartbeat before this instant or the session times out; null once ended' }),
  ),
  ended_at: Nullable(Instant),
  end_reason: Nullable(t.String({ description: 'agent, handover, timeout or clock_out' })),
})

export const toDevice = (d: DeviceRow) => ({
  id: d.id,
  name: d.name,
  platform: d.platform,
  fingerprint: d.fingerprint,
  agent_version: d.agentVersion,
  registered_at: toIso(d.registeredAt),
  last_seen_at: toIsoOrNull(d.lastSeenAt),
})

/** The wire view of a session at `now`: an unended session past its timeout reads as timed_out. */
export function toAgentSession(s: AgentSessionRow, now: number) {
  const timedOut = isTimedOut(s, now)
  const status = s.endedAt !== null ? 'ended' : timedOut ? 'timed_out' : 'active'
  return {
    id: s.id,
    device_id: s.deviceId,
    status: status as 'active' | 'ended' | 'timed_out',
    started_at: toIso(s.startedAt),
    last_heartbeat_at: toIso(s.lastHeartbeatAt),
    heartbeat_due_by: status === 'active' ? toIso(s.lastHeartbeatAt + AGENT_SESSION_TIMEOUT_MS) : null,
    ended_at: toIsoOrNull(s.endedAt),
    end_reason: s.endReason,
  }
}
