import { createHmac } from 'node:crypto'
import { KEY_PREFIX, hashKey } from './key-format'
import { findKeyByLookup, insertKey } from './queries'
import { randomBase62 } from '../../kernel/ids'
import type { Role, TenantCtx, TenantScope } from '../../kernel/ctx'

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

function base62From(bytes: Buffer, length: number): string {
  let out = ''
  for (let i = 0; out.length < length; i++) out += BASE62[bytes[i % bytes.length]! % 62]
  return out
}

/**
 * The public demo key is public by design, so the server prints it at every start. To do that
 * without keeping it in clear, it is derived from the instance secret in the data directory.
 */
function derivePublicDemoKey(instanceSecret: Buffer, tenantReadableId: string): string {
  const lookup = base62From(createHmac('sha256', instanceSecret).update(`public-demo-lookup:${tenantReadableId}`).digest(), 12)
  const secret = base62From(createHmac('sha256', instanceSecret).update(`public-demo-secret:${tenantReadableId}`).digest(), 32)
  return `${KEY_PREFIX.demo}${lookup}${secret}`
}

/** Makes sure the derived public demo key of the context's (demo) tenant exists; returns it. */
export function ensurePublicDemoKey(
  c: TenantScope & { tenant: Pick<TenantCtx, 'readableId'> },
  instanceSecret: Buffer,
  actAs: { userId: string | null; role: Role },
): string {
  const key = derivePublicDemoKey(instanceSecret, c.tenant.readableId)
  const lookup = key.slice(KEY_PREFIX.demo.length, KEY_PREFIX.demo.length + 12)
  if (!findKeyByLookup(c.db, lookup)) {
    insertKey(c, {
      id: `key_${randomBase62(16)}`,
      kind: 'demo',
      scope: 'read',
      name: 'Public demo key',
      lookup,
      displayPrefix: key.slice(0, KEY_PREFIX.demo.length + 8),
      hash: hashKey(key),
      userId: actAs.userId,
      role: actAs.role,
      isPublicDemo: true,
      createdByUserId: null,
      expiresAt: null,
    })
  }
  return key
}
