import { defineJob } from '../../kernel/job'
import { AGENT_SESSION_TIMEOUT_MINUTES, endTimedOutAgentSessions } from './agent-queries'

/**
 * Closes agent sessions whose agent stopped sending heartbeats. Readers already treat them as
 * timed out; this makes the rows say so (ended at their last heartbeat, reason timeout).
 */
export const agentSessionTimeoutJob = defineJob({
  name: 'activity.agent_session_timeouts',
  pattern: '30 * * * * *',
  description: `Ends desktop-agent sessions without a heartbeat for ${AGENT_SESSION_TIMEOUT_MINUTES} minutes (reason timeout, ended at the last heartbeat).`,
  each: 'tenant',
  run: (ctx) => endTimedOutAgentSessions(ctx),
})
