import type { Ctx } from '../kernel/ctx'
import { findPublicDemoKey } from '../modules/api-keys/queries'
import { findDefaultDemoTenant, findTenantCtx } from '../modules/tenants/queries'
import type { Runtime } from '../runtime'
import type { McpSession } from './mcp-sessions'

/**
 * Session demo mode (switch_to_demo): while it is on, a production key's tools read the default
 * demo tenant, read-only, as its public demo persona (the Admin the public demo key acts as):
 * writes answer demo_mode_read_only and the analytics tools available: false, exactly as with the
 * public demo key. Keys of plans without MCP access, demo keys and keyless calls are unchanged, and
 * so are the tools that act on the session itself (`realTenant`: their operation declares mcp.actsOnSession).
 */
export function ctxForSession(rt: Runtime, ctx: Ctx, session: McpSession | null, realTenant = false): Ctx {
  const base = session ? { ...ctx, session } : ctx
  if (session?.mode !== 'demo' || realTenant) return base
  const actor = ctx.actor
  if (!ctx.tenant || ctx.tenant.isDemo || !ctx.tenant.mcpAccess) return base
  if (actor.kind === 'anonymous' || actor.kind === 'system') return base
  const demo = findDefaultDemoTenant(rt.db)
  const tenant = demo ? findTenantCtx(rt.db, demo.id) : null
  if (!demo || !tenant) return base
  const persona = findPublicDemoKey({ tenant, db: rt.db, now: ctx.now })
  return {
    ...base,
    tenant,
    actor: { kind: 'demo', keyId: actor.keyId, keyKind: 'demo', userId: persona?.userId ?? null, role: persona?.role ?? 'admin', scope: 'read' },
  }
}
