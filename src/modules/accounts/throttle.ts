import { MINUTE } from '../../kernel/time'

/**
 * Failed console sign-ins, counted in memory: one server serves a data directory (kernel/data-lock),
 * so the counters are complete; a restart forgets them. An account is throttled after
 * ACCOUNT_LIMIT failures in a row within the window, an address after IP_LIMIT; either locks
 * further tries (right or wrong) until the window from the first failure has passed.
 */
export const ACCOUNT_LIMIT = 5
export const IP_LIMIT = 20
export const THROTTLE_WINDOW_MS = 15 * MINUTE

interface Counter {
  failures: number
  firstAt: number
}

export class LoginThrottle {
  private readonly counters = new Map<string, Counter>()

  private live(key: string, now: number): Counter | null {
    const c = this.counters.get(key)
    if (!c) return null
    if (now - c.firstAt >= THROTTLE_WINDOW_MS) {
      this.counters.delete(key)
      return null
    }
    return c
  }

  /** Seconds until this account or address may try again, or 0 when it may try now. */
  retryAfter(email: string, ip: string | null, now: number): number {
    let until = 0
    const acct = this.live(`a:${email}`, now)
    if (acct && acct.failures >= ACCOUNT_LIMIT) until = Math.max(until, acct.firstAt + THROTTLE_WINDOW_MS)
    const addr = ip ? this.live(`i:${ip}`, now) : null
    if (addr && addr.failures >= IP_LIMIT) until = Math.max(until, addr.firstAt + THROTTLE_WINDOW_MS)
    return until === 0 ? 0 : Math.ceil((until - now) / 1000)
  }

  /** Counts a failure; returns the account's failures in a row within the window. */
  fail(email: string, ip: string | null, now: number): number {
    const bump = (key: string) => {
      const c = this.live(key, now) ?? { failures: 0, firstAt: now }
      c.failures += 1
      this.counters.set(key, c)
      return c.failures
    }
    if (ip) bump(`i:${ip}`)
    return bump(`a:${email}`)
  }

  succeed(email: string): void {
    this.counters.delete(`a:${email}`)
  }
}
