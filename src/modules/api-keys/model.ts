import { t } from 'elysia'
import { Id, Instant, Nullable, RoleEnum } from '../../kernel/schemas'
import { toIsoOrNull, toIso } from '../../kernel/time'
import type { ApiKeyRow } from './queries'

export const KeyKindEnum = t.Union([t.Literal('live'), t.Literal('demo'), t.Literal('api')], {
  description: 'live: MCP production key (wf_live_); demo: demo key (wf_demo_); api: REST token (wf_api_)',
})
export const KeyScopeEnum = t.Union([t.Literal('read'), t.Literal('read_write')])

export const ApiKey = t.Object({
  id: t.String(),
  name: t.String(),
  kind: KeyKindEnum,
  scope: KeyScopeEnum,
  role: RoleEnum,
  user_id: Nullable(Id),
  display_prefix: t.String({ description: 'First characters of the key, safe to show' }),
  is_public_demo: t.Boolean(),
  created_at: Instant,
  expires_at: Nullable(Instant),
  revoked_at: Nullable(Instant),
  last_used_at: Nullable(Instant),
})

export const toApiKey = (row: ApiKeyRow) => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  scope: row.scope,
  role: row.role,
  user_id: row.userId,
  display_prefix: row.displayPrefix,
  is_public_demo: row.isPublicDemo,
  created_at: toIso(row.createdAt),
  expires_at: toIsoOrNull(row.expiresAt),
  revoked_at: toIsoOrNull(row.revokedAt),
  last_used_at: toIsoOrNull(row.lastUsedAt),
})
