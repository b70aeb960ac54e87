import { createHash, timingSafeEqual } from 'node:crypto'
import { randomBase62 } from '../../kernel/ids'
import type { KeyKind } from '../../kernel/ctx'

/**
 * Key strings: `wf_<kind>_` + 12-character public lookup + 32-character secret (base62, ~190 bits).
 * The lookup finds the row; the SHA-256 of the whole key is compared in constant time.
 */
export const KEY_PREFIX: Record<KeyKind, string> = { live: 'wf_live_', demo: 'wf_demo_', api: 'wf_api_' }
const LOOKUP_LENGTH = 12
const SECRET_LENGTH = 32

export interface GeneratedKey {
  key: string
  lookup: string
  hash: string
  displayPrefix: string
}

export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex')

export function generateKey(kind: KeyKind): GeneratedKey {
  const lookup = randomBase62(LOOKUP_LENGTH)
  const key = `${KEY_PREFIX[kind]}${lookup}${randomBase62(SECRET_LENGTH)}`
  return { key, lookup, hash: hashKey(key), displayPrefix: `${KEY_PREFIX[kind]}${lookup.slice(0, 8)}` }
}

export interface ParsedKey {
  kind: KeyKind
  lookup: string
}

// Made once: parseKey runs on every authenticated request (Object.entries there was ~0.2 µs of it).
const PREFIXES = Object.entries(KEY_PREFIX) as [KeyKind, string][]
const BASE62 = /^[0-9A-Za-z]+$/

/** Splits a presented key into kind and lookup; null when it is not shaped like one of ours. */
export function parseKey(presented: string): ParsedKey | null {
  for (const [kind, prefix] of PREFIXES) {
    if (!presented.startsWith(prefix)) continue
    const rest = presented.slice(prefix.length)
    if (rest.length !== LOOKUP_LENGTH + SECRET_LENGTH || !BASE62.test(rest)) return null
    return { kind, lookup: rest.slice(0, LOOKUP_LENGTH) }
  }
  return null
}

/** Constant-time comparison of the presented key's hash with the stored one (`hashBytes` of the row's hex). */
export function hashMatches(presented: string, stored: Uint8Array): boolean {
  // The digest's bytes straight from Bun's SHA-256 (same digest as hashKey, without the hex round trip): on every request.
  const a = Bun.SHA256.hash(presented) as Uint8Array
  return a.length === stored.length && timingSafeEqual(a, stored)
}

/** A stored key hash (hex) as bytes, for hashMatches: a caller that compares often decodes it once. */
export const hashBytes = (storedHash: string): Uint8Array => Buffer.from(storedHash, 'hex')
