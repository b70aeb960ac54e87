import { Secret, TOTP } from 'otpauth'

/** TOTP per RFC 6238 (30 s steps, 6 digits, SHA-1: what every authenticator app speaks). */
const totpFor = (secret: string, label: string) =>
  new TOTP({ issuer: 'workforce', label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) })

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

export const otpauthUrl = (secret: string, label: string): string => totpFor(secret, label).toString()

/** Accepts the code of the current step or the one either side (clock drift). */
export function verifyTotp(secret: string, code: string, now: number): boolean {
  if (!/^\d{6}$/.test(code)) return false
  return totpFor(secret, 'check').validate({ token: code, timestamp: now, window: 1 }) !== null
}

export const totpCode = (secret: string, now: number): string => totpFor(secret, 'code').generate({ timestamp: now })
