import { randomBytes, randomUUID } from 'node:crypto'

export const newId = (): string => randomUUID()

/** Event ids of the webhook envelope: `evt_` plus 24 random base62 characters. */
export const newEventId = (): string => `evt_${randomBase62(24)}`

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** Uniform base62 string (rejection sampling keeps every character equally likely). */
export function randomBase62(length: number): string {
  let out = ''
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62]
      if (out.length === length) break
    }
  }
  return out
}

export const randomDigits = (n: number): string => {
  let out = ''
  for (const byte of randomBytes(n * 2)) {
    if (byte < 250) out += String(byte % 10)
    if (out.length === n) break
  }
  return out.length === n ? out : out + randomDigits(n - out.length)
}

export const slugify = (s: string): string =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48) || 'tenant'
