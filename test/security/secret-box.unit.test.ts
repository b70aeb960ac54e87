import { describe, expect, test } from 'bun:test'
import { randomBytes } from 'node:crypto'
import { SecretUnreadable, createSecretBox, isSealed } from '../../src/kernel/secret-box'

describe('secret box (HKDF of the instance secret, AES-256-GCM)', () => {
  const box = createSecretBox(randomBytes(32))

  test('seals to a v1: value that opens to the same text, with a fresh nonce each time', () => {
    const a = box.seal('whsec_abc', 'webhook_subscriptions.secret:wh_1')
    const b = box.seal('whsec_abc', 'webhook_subscriptions.secret:wh_1')
    expect(a).toStartWith('v1:')
    expect(isSealed(a)).toBe(true)
    expect(a).not.toBe(b)
    expect(a).not.toContain('whsec_abc')
    expect(box.open(a, 'webhook_subscriptions.secret:wh_1')).toBe('whsec_abc')
  })

  test('a value in clear (written before encryption) is read as it is', () => {
    expect(isSealed('JBSWY3DPEHPK3PXP')).toBe(false)
    expect(box.open('JBSWY3DPEHPK3PXP', 'users.two_factor_secret:u1')).toBe('JBSWY3DPEHPK3PXP')
  })

  test('another instance secret, another place, or a changed byte does not open', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'users.two_factor_secret:u1')
    expect(() => createSecretBox(randomBytes(32)).open(sealed, 'users.two_factor_secret:u1')).toThrow(SecretUnreadable)
    expect(() => box.open(sealed, 'users.two_factor_secret:u2')).toThrow(SecretUnreadable)
    const raw = Buffer.from(sealed.slice(3), 'base64url')
    raw[14] = raw[14]! ^ 1
    expect(() => box.open(`v1:${raw.toString('base64url')}`, 'users.two_factor_secret:u1')).toThrow(SecretUnreadable)
    expect(() => box.open('v1:AAAA', 'users.two_factor_secret:u1')).toThrow(SecretUnreadable)
  })
})
