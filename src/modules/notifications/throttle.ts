import type { TenantScope } from '../../kernel/ctx'
import { DomainError } from '../../kernel/errors'
import { HOUR, toIso } from '../../kernel/time'
import { countEmailsQueuedSince, emailQueuedAt } from './queries'

/**
 * The outgoing-mail throttle of a tenant: at most `perHour` emails queued in any 60 minutes
 * (a sliding window over the outbox itself, so it survives restarts and holds across processes).
 * Call it inside the transaction that would queue the email: BEGIN IMMEDIATE serialises the
 * count and the insert, and the thrown rate_limited rolls the whole action back (nothing written).
 */
export function assertEmailBudget(c: TenantScope, perHour: number): void {
  const since = c.now - HOUR
  const count = countEmailsQueuedSince(c, since)
  if (count < perHour) return
  // One more fits once all but perHour - 1 of the window's emails have left it.
  const retryAt = (emailQueuedAt(c, since, count - perHour) ?? c.now) + HOUR
  const retryAfter = Math.max(1, Math.ceil((retryAt - c.now) / 1000))
  throw new DomainError(
    'rate_limited',
    `This company has sent its limit of ${perHour} emails in the last hour. Retry after ${retryAfter} seconds (at ${toIso(retryAt)}).`,
    { retry_after_seconds: retryAfter, retry_at: toIso(retryAt), limit_hour: perHour },
  )
}
