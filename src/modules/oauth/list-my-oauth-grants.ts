import { t } from 'elysia'
import { callerUserId } from '../../kernel/access'
import { defineOperation } from '../../kernel/operation'
import { Instant, Nullable } from '../../kernel/schemas'
import { toIso } from '../../kernel/time'
import { listGrantsOfUser } from './queries'

export const GrantId = t.String({ pattern: '^oag_[0-9A-Za-z]{20}$', description: 'OAuth grant id (oag_…)' })

export const ConnectedApplication = t.Object({
  id: GrantId,
  client_id: t.String({ description: 'OAuth client_id (a registered id, or the URL of its metadata document)' }),
  client_name: t.String(),
  scope: t.String({ description: 'Scopes granted, space-separated' }),
  read_only: t.Boolean({ description: 'Granted from a demo "try as" sign-in: acts read-only' }),
  connected_at: Instant,
  last_used_at: Nullable(Instant),
})

export const listMyOAuthGrants = defineOperation({
  name: 'list_my_oauth_grants',
  title: 'List my connected applications',
  description: 'The applications (AI assistants, MCP clients) the caller allowed through OAuth sign-in and has not disconnected, newest first.',
  access: { role: 'member', userScopedKey: true },
  input: t.Object({}),
  output: t.Object({ applications: t.Array(ConnectedApplication) }),
  run(ctx) {
    const me = callerUserId(ctx)
    return {
      applications: listGrantsOfUser(ctx, me)
        .filter((g) => g.revokedAt === null && g.lastUsedAt !== null)
        .map((g) => ({
          id: g.id,
          client_id: g.clientId,
          client_name: g.clientName,
          scope: g.scope,
          read_only: g.readOnly,
          connected_at: toIso(g.createdAt),
          last_used_at: g.lastUsedAt === null ? null : toIso(g.lastUsedAt),
        })),
    }
  },
})
