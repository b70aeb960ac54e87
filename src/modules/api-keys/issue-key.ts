import type { KeyKind, KeyScope, Role, TenantScope } from '../../kernel/ctx'
import { randomBase62 } from '../../kernel/ids'
import { generateKey } from './key-format'
import { insertKey, type ApiKeyRow } from './queries'

export interface IssueKeyInput {
  kind: KeyKind
  scope: KeyScope
  role: Role
  name: string
  userId: string | null
  createdByUserId: string | null
  expiresAt: number | null
  isPublicDemo?: boolean
}

/** Creates a key of the context's tenant (hash only) and returns the full key: the one moment it exists in clear. */
export function issueKey(c: TenantScope, input: IssueKeyInput): { row: ApiKeyRow; key: string } {
  const generated = generateKey(input.kind)
  const row = insertKey(c, {
    id: `key_${randomBase62(16)}`,
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
    expiresAt: input.expiresAt,
  })
  return { row, key: generated.key }
}
