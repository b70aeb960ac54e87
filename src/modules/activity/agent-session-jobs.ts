import { defineJob } from '../../kernel/job'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { systemCtx } from '../../runtime'
import { findTenantCtx, listTenants } from '../tenants/queries'
import { AGENT_SESSION_TIMEOUT_MINUTES, endTimedOutAgentSessions } from './agent-queries'

/**
 * Closes agent sessions whose agent stopped sending heartbeats. Readers already treat them as
 * timed out; this makes the rows say so (ended at their last heartbeat, reason timeout).
 */
export const agentSessionTimeoutJob = defineJob({
  name: 'activity.agent_session_timeouts',
  pattern: '30 * * * * *',
  description: `Ends desktop-agent sessions without a heartbeat for ${AGENT_SESSION_TIMEOUT_MINUTES} minutes (reason timeout, ended at the last heartbeat).`,
  run(rt, now, options) {
    let processed = 0
    for (const tenant of listTenants(rt.db)) {
      if (options?.tenantId !== undefined && tenant.id !== options.tenantId) continue
      const ctx = findTenantCtx(rt.db, tenant.id)
      if (ctx) processed += endTimedOutAgentSessions(systemCtx(rt, ctx, 'job', now) as TenantBoundCtx)
    }
    return { processed }
  },
})
