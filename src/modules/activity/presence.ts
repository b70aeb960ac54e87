import type { TenantBoundCtx } from '../../kernel/ctx'
import { addDays, localDate } from '../../kernel/time'
import { AGENT_SESSION_TIMEOUT_MS } from './agent-queries'
import { lastSummarisedDate, latestOpenAgentSession, latestSampleOn, type LatestSample } from './presence-queries'

/** Days looked at sample by sample before falling back to the daily summaries. */
const RECENT_DAYS = 8

/**
 * The latest activity sample of a person: today and the week before are read directly (the
 * samples index is by date, then user), older activity through the last summarised day.
 */
export function latestActivity(ctx: TenantBoundCtx, userId: string): LatestSample | null {
  const today = localDate(ctx.now, ctx.tenant.timezone)
  // Late samples may carry tomorrow's date in a zone ahead of the server's clock by minutes.
  for (let i = -1; i < RECENT_DAYS; i++) {
    const found = latestSampleOn(ctx, userId, addDays(today, -i))
    if (found) return found
  }
  const older = lastSummarisedDate(ctx, userId, addDays(today, -RECENT_DAYS))
  return older ? latestSampleOn(ctx, userId, older) : null
}

/** The desktop agent's live session: not ended and heard from within the timeout. */
export function agentPresence(ctx: TenantBoundCtx, userId: string): { active: boolean; lastHeartbeatAt: number | null } {
  const session = latestOpenAgentSession(ctx, userId)
  if (!session) return { active: false, lastHeartbeatAt: null }
  return { active: ctx.now - session.lastHeartbeatAt <= AGENT_SESSION_TIMEOUT_MS, lastHeartbeatAt: session.lastHeartbeatAt }
}
