import { describe, expect, test } from 'bun:test'
import { KEY_PREFIX, parseKey } from '../../src/modules/api-keys/key-format'
import { keyPrefixOf } from '../../src/surfaces/observability'
import { bearerKey } from '../../src/surfaces/request-ctx'

/** The general way: the bearer pattern, then the key's shape. */
function general(authorization: string | null): string | null {
  const key = bearerKey(authorization)
  const parsed = key ? parseKey(key) : null
  return parsed ? `${KEY_PREFIX[parsed.kind]}${parsed.lookup.slice(0, 8)}` : null
}

describe('keyPrefixOf', () => {
  const key = `wf_live_AbCdEfGh1234${'x'.repeat(32)}`
  const headers: (string | null)[] = [
    null,
    '',
    `Bearer ${key}`,
    `bearer ${key}`,
    `Bearer  ${key}`,
    `Bearer ${key}  `,
    `Bearer ${key}\t`,
    `Bearer\t${key}`,
    key,
    ` ${key} `,
    `Bearer ${key} extra`,
    `Bearer ${key.slice(0, -1)}`,
    `Bearer ${key}!`,
    `Bearer wf_api_${'Z'.repeat(44)}`,
    `Bearer wf_demo_${'9'.repeat(44)}`,
    'Bearer wf_live_',
    'Bearer ',
    'Basic dXNlcjpwYXNz',
  ]
  test('gives what the general way gives, for the usual header and every odd one', () => {
    for (const h of headers) expect({ h, prefix: keyPrefixOf(h) }).toEqual({ h, prefix: general(h) })
    expect(keyPrefixOf(`Bearer ${key}`)).toBe('wf_live_AbCdEfGh')
  })
})
