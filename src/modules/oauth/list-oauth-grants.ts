import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { toIso } from '../../kernel/time'
import { usersMatching } from '../users/queries'
import { ConnectedApplication } from './list-my-oauth-grants'
import { listActiveGrantsOfTenant } from './queries'

export const TenantConnectedApplication = t.Composite([
  ConnectedApplication,
  t.Object({
    user_id: t.String({ description: 'The person the application acts as' }),
    user_name: t.String(),
    user_email: t.String(),
  }),
])

export const listOAuthGrants = defineOperation({
  name: 'list_oauth_grants',
  title: "List the company's connected applications",
  description:
    'Every application (AI assistant, MCP client) a person of the company allowed through OAuth sign-in and that is still connected, newest first, with the person it acts as. Admin or above.',
  access: { role: 'admin' },
  input: t.Object({}),
  output: t.Object({ applications: t.Array(TenantConnectedApplication) }),
  run(ctx) {
    const grants = listActiveGrantsOfTenant(ctx)
    const people = new Map(usersMatching(ctx, { userIds: [...new Set(grants.map((g) => g.userId))] }).map((u) => [u.id, u]))
    return {
      applications: grants.map((g) => ({
        id: g.id,
        client_id: g.clientId,
        client_name: g.clientName,
        scope: g.scope,
        read_only: g.readOnly,
        connected_at: toIso(g.createdAt),
        last_used_at: g.lastUsedAt === null ? null : toIso(g.lastUsedAt),
        user_id: g.userId,
        user_name: people.get(g.userId)?.name ?? '(removed)',
        user_email: people.get(g.userId)?.email ?? '',
      })),
    }
  },
})
