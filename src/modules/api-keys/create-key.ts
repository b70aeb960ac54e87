import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { DomainError } from '../../kernel/errors'
import { Id, Instant, RoleEnum } from '../../kernel/schemas'
import { parseInstant } from '../../kernel/time'
import { effectiveRole, roleAtLeast } from '../../kernel/access'
import type { KeyScope, Role } from '../../kernel/ctx'
import { getUserInTenant } from '../users/queries'
import { ApiKey, KeyKindEnum, KeyScopeEnum, toApiKey } from './model'
import { issueKey } from './issue-key'

export const CreateKeyInput = t.Object({
  kind: KeyKindEnum,
  name: t.String({ minLength: 1, maxLength: 100 }),
  user_id: t.Optional(Id),
  role: t.Optional(RoleEnum),
  scope: t.Optional(KeyScopeEnum),
  expires_at: t.Optional(Instant),
})

export const CreateKeyOutput = t.Object({
  key: t.String({ description: 'The full key. Shown once: only its hash is stored.' }),
  api_key: ApiKey,
})

/**
 * Issues a key. User-scoped keys act with the user's role; tenant-level keys with the role given
 * (never above the issuer's). Demo keys exist only on demo tenants.
 */
export const createKey = defineOperation({
  name: 'create_api_key',
  title: 'Create an API key',
  description: 'Creates an MCP, demo or REST key for the tenant, optionally bound to one user. The key is returned once.',
  access: { role: 'admin', write: true },
  input: CreateKeyInput,
  output: CreateKeyOutput,
  run(ctx, input) {
    if (input.kind === 'demo' && !ctx.tenant.isDemo) {
      throw new DomainError('invalid_argument', 'Demo keys can only be created on demo tenants.', { field: 'kind' })
    }
    const user = input.user_id ? getUserInTenant(ctx, input.user_id) : null
    const issuerRole: Role = effectiveRole(ctx.actor)
    const role: Role = user?.role ?? input.role ?? 'admin'
    if (!roleAtLeast(issuerRole, role)) throw new DomainError('forbidden', 'A key cannot carry a role above its issuer.')
    const scope: KeyScope = input.scope ?? (input.kind === 'demo' ? 'read' : 'read_write')
    const expiresAt = input.expires_at ? parseInstant(input.expires_at) : null
    if (expiresAt !== null && expiresAt <= ctx.now) {
      throw new DomainError('invalid_argument', 'expires_at must be in the future.', { field: 'expires_at' })
    }
    const { row, key } = issueKey(ctx, {
      kind: input.kind,
      scope,
      role,
      name: input.name,
      userId: user?.id ?? null,
      createdByUserId: ctx.actor.userId,
      expiresAt,
    })
    return { key, api_key: toApiKey(row) }
  },
})
