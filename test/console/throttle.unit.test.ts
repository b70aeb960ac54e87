import { describe, expect, test } from 'bun:test'
import { ACCOUNT_LIMIT, IP_LIMIT, LoginThrottle, THROTTLE_WINDOW_MS } from '../../src/modules/accounts/throttle'

describe('console sign-in throttling', () => {
  test('an e-mail is locked after ACCOUNT_LIMIT failures for the rest of the window, then free again', () => {
    const t = new LoginThrottle()
    const t0 = 1_000_000
    for (let i = 1; i < ACCOUNT_LIMIT; i++) expect(t.fail('a@x.test', '10.0.0.1', t0 + i)).toBe(i)
    expect(t.retryAfter('a@x.test', '10.0.0.1', t0 + ACCOUNT_LIMIT)).toBe(0)
    expect(t.fail('a@x.test', '10.0.0.1', t0 + ACCOUNT_LIMIT)).toBe(ACCOUNT_LIMIT)
    expect(t.retryAfter('a@x.test', '10.0.0.2', t0 + ACCOUNT_LIMIT)).toBe(Math.ceil((THROTTLE_WINDOW_MS + 1 - ACCOUNT_LIMIT) / 1000))
    // Another e-mail from the same address is not locked (the address has fewer than IP_LIMIT failures).
    expect(t.retryAfter('b@x.test', '10.0.0.1', t0 + ACCOUNT_LIMIT)).toBe(0)
    expect(t.retryAfter('a@x.test', '10.0.0.1', t0 + 1 + THROTTLE_WINDOW_MS)).toBe(0)
  })

  test('an address is locked after IP_LIMIT failures, whatever the e-mails', () => {
    const t = new LoginThrottle()
    for (let i = 0; i < IP_LIMIT; i++) t.fail(`user${i}@x.test`, '10.0.0.9', 5_000 + i)
    expect(t.retryAfter('fresh@x.test', '10.0.0.9', 6_000)).toBeGreaterThan(0)
    expect(t.retryAfter('fresh@x.test', '10.0.0.10', 6_000)).toBe(0)
  })

  test('a success clears the e-mail’s failures', () => {
    const t = new LoginThrottle()
    for (let i = 0; i < ACCOUNT_LIMIT - 1; i++) t.fail('c@x.test', null, 1)
    t.succeed('c@x.test')
    expect(t.fail('c@x.test', null, 2)).toBe(1)
  })
})
