import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { callerUserId } from '../../kernel/access'
import { Id, Nullable } from '../../kernel/schemas'
import { endAgentSession, findActiveSessionOfDevice, getDeviceOfUser, insertAgentSession, updateDevice } from './agent-queries'
import { AgentSession, toAgentSession } from './agent-model'

export const StartAgentSessionInput = t.Object({
  device_id: t.String({ format: 'uuid', description: 'Device returned by device registration' }),
})

export const StartAgentSessionOutput = t.Object({
  session: AgentSession,
  replaced_session_id: Nullable(Id),
})

/**
 * Starts a desktop-agent session on one of the caller's devices. A device has at most one active
 * session: an agent that restarts without ending its session replaces it (the old one ends now
 * with reason 'agent', or at its last heartbeat with 'timeout' when it had already timed out).
 */
export const startAgentSession = defineOperation({
  name: 'start_agent_session',
  title: 'Start a desktop-agent session',
  description:
    'Starts an agent session on a device of the calling user. Send a heartbeat at least every 10 minutes (every minute is recommended) or the session times out. Starting again on the same device replaces the active session.',
  access: { role: 'employee', write: true, userScopedKey: true },
  input: StartAgentSessionInput,
  output: StartAgentSessionOutput,
  run(ctx, input) {
    const userId = callerUserId(ctx)
    return inTransaction(ctx, (c) => {
      const device = getDeviceOfUser(c, userId, input.device_id)
      const active = findActiveSessionOfDevice(c, device.id)
      if (active) endAgentSession(c, active, 'agent')
      const session = insertAgentSession(c, userId, device.id)
      updateDevice(c, device.id, { lastSeenAt: ctx.now })
      return { session: toAgentSession(session, ctx.now), replaced_session_id: active?.id ?? null }
    })
  },
})
