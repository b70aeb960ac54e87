import { t } from 'elysia'
import { callerUserId } from '../../kernel/access'
import { defineOperation } from '../../kernel/operation'
import { Id, Instant, Nullable } from '../../kernel/schemas'
import { toIso } from '../../kernel/time'
import { listLiveSessions } from './queries'
import { sessionIdOf } from './sessions'

export const ConsoleSession = t.Object({
  id: Id,
  current: t.Boolean({ description: 'The session this request came through' }),
  read_only: t.Boolean({ description: 'A demo "try as" session' }),
  user_agent: Nullable(t.String()),
  ip_address: Nullable(t.String()),
  created_at: Instant,
  last_seen_at: Instant,
  expires_at: Instant,
})

export const listMySessions = defineOperation({
  name: 'list_my_sessions',
  title: 'List my console sessions',
  description: 'The web console sessions of the caller that are still valid, newest first, with the browser and address each signed in from.',
  access: { role: 'member', userScopedKey: true },
  input: t.Object({}),
  output: t.Object({ sessions: t.Array(ConsoleSession) }),
  run(ctx) {
    const me = callerUserId(ctx)
    const current = sessionIdOf(ctx.actor)
    return {
      sessions: listLiveSessions(ctx, me).map((s) => ({
        id: s.id,
        current: s.id === current,
        read_only: s.readOnly,
        user_agent: s.userAgent,
        ip_address: s.ipAddress,
        created_at: toIso(s.createdAt),
        last_seen_at: toIso(s.lastSeenAt),
        expires_at: toIso(s.expiresAt),
      })),
    }
  },
})
