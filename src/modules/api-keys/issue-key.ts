import type { KeyKind, KeyScope, Role } from '../../kernel/ctx'
import type { DbLike } from '../../kernel/db'
import { randomBase62 } from '../../kernel/ids'
import { generateKey } from './key-format'
import { insertKey, type ApiKeyRow } from './queries'

export interface IssueKeyInput {
  tenantId: number
  kind: KeyKind
  scope: KeyScope
  role: Role
  name: string
  userId: string | null
  createdByUserId: string | null
  expiresAt: number | null
  isPublicDemo?: boolean
}

/** Creates a key row (hash only) and returns the full key: the one moment it exists in clear. */
export function issueKey(db: DbLike, input: IssueKeyInput, now: number): { row: ApiKeyRow; key: string } {
  const generated = generateKey(input.kind)
  const row = insertKey(db, {
    id: `key_${randomBase62(16)}`,
    tenantId: input.tenantId,
    kind: input.kind,
    scope: input.scope,
    name: input.name,
    lookup: generated.lookup,
    displayPrefix: generated.displayPrefix,
    hash: generated.hash,
    userId: input.userId,
    role: input.role,
    isPublicDemo: input.isPublicDemo ?? false,
    createdByUserId: input.createdByUserId,
    createdAt: now,
    expiresAt: input.expiresAt,
  })
  return { row, key: generated.key }
}
