import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { callerUserId } from '../../kernel/access'
import { endAgentSession, getAgentSessionOfUser } from './agent-queries'
import { AgentSession, toAgentSession } from './agent-model'
import { AgentSessionRef } from './heartbeat-agent-session'

export const EndAgentSessionOutput = t.Object({
  session: AgentSession,
  already_ended: t.Boolean({ description: 'true when the session had ended before this call (a retried end is harmless)' }),
})

/** Ends a session when the agent stops. Idempotent, so an agent may retry it over a flaky network. */
export const endAgentSessionOp = defineOperation({
  name: 'end_agent_session',
  title: 'End a desktop-agent session',
  description:
    'Ends an agent session of the calling user (reason agent). Ending an already ended session returns it unchanged with already_ended true. A session that had timed out keeps reason timeout and ends at its last heartbeat.',
  access: { role: 'employee', write: true, userScopedKey: true },
  input: AgentSessionRef,
  output: EndAgentSessionOutput,
  run(ctx, input) {
    const userId = callerUserId(ctx)
    return inTransaction(ctx, (c) => {
      const session = getAgentSessionOfUser(c, userId, input.session_id)
      if (session.endedAt !== null) return { session: toAgentSession(session, ctx.now), already_ended: true }
      return { session: toAgentSession(endAgentSession(c, session, 'agent'), ctx.now), already_ended: false }
    })
  },
})
