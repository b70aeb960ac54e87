import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { callerUserId } from '../../kernel/access'
import { DomainError } from '../../kernel/errors'
import { AGENT_SESSION_TIMEOUT_MINUTES, endAgentSession, getAgentSessionOfUser, isTimedOut, recordHeartbeat, updateDevice } from './agent-queries'
import { AgentSession, toAgentSession } from './agent-model'

export const AgentSessionRef = t.Object({
  session_id: t.String({ format: 'uuid', description: 'Agent session id' }),
})

export const HeartbeatAgentSessionOutput = t.Object({ session: AgentSession })

/**
 * Keeps a session alive. A session that has ended, or has gone without a heartbeat for longer
 * than the timeout, refuses with conflict: the agent then starts a new session.
 */
export const heartbeatAgentSession = defineOperation({
  name: 'heartbeat_agent_session',
  title: 'Heartbeat of a desktop-agent session',
  description: `Tells the server the agent is still running. After ${AGENT_SESSION_TIMEOUT_MINUTES} minutes without a heartbeat the session times out; heartbeats on an ended or timed-out session answer conflict, and the agent starts a new session.`,
  access: { role: 'employee', write: true, userScopedKey: true },
  input: AgentSessionRef,
  output: HeartbeatAgentSessionOutput,
  run(ctx, input) {
    const userId = callerUserId(ctx)
    // The time-out is persisted before the refusal, so the write must commit: refuse after the transaction.
    const outcome = inTransaction(ctx, (c) => {
      const session = getAgentSessionOfUser(c, userId, input.session_id)
      if (session.endedAt !== null) return { refused: 'ended' as const }
      if (isTimedOut(session, ctx.now)) {
        endAgentSession(c, session, 'timeout')
        return { refused: 'timed_out' as const }
      }
      updateDevice(c, session.deviceId, { lastSeenAt: ctx.now })
      return { session: recordHeartbeat(c, session.id) }
    })
    if ('refused' in outcome) {
      throw new DomainError(
        'conflict',
        outcome.refused === 'ended'
          ? 'This agent session has ended; start a new session.'
          : `This agent session timed out (no heartbeat for ${AGENT_SESSION_TIMEOUT_MINUTES} minutes); start a new session.`,
        { session_status: outcome.refused },
      )
    }
    return { session: toAgentSession(outcome.session, ctx.now) }
  },
})
