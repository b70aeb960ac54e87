import { DomainError } from './errors'
import { ROLE_LABELS, roleAtLeast, type Ctx, type Role, type TenantBoundCtx } from './ctx'

/**
 * What an operation needs from its caller. Declared once per operation; `authorize` is the only
 * code that reads it, so no handler can forget a check.
 */
export interface Access {
  /** 'public': no key needed (discovery tools). 'member': any authenticated key of the tenant. */
  role: 'public' | 'member' | Role
  /** Changes state: refused for demo keys and demo tenants, and for read-only REST tokens. */
  write?: boolean
  /** Acts as one person (clock in/out): needs a key bound to a user. */
  userScopedKey?: boolean
  /**
   * Analytics tools answer `available: false` in demo mode instead of an error; they declare
   * 'unavailable' and check `isDemoMode(ctx)` themselves. Default: the operation runs in demo mode.
   */
  demo?: 'allowed' | 'unavailable'
}

export const MISSING_KEY_MESSAGE =
  'This needs an API key. Send it as "Authorization: Bearer <key>". To try the service without an account, use the public demo key printed by the server at start (wf_demo_…); an administrator can create a production key with `workforce keys create`.'

/** True when the caller works on synthetic data: a demo key, or a demo tenant. */
export const isDemoMode = (ctx: Ctx): boolean =>
  ctx.tenant?.isDemo === true || (ctx.actor.kind !== 'anonymous' && ctx.actor.kind !== 'system' && ctx.actor.keyKind === 'demo')

/**
 * Checks role, plan, demo mode, scope and user binding, in that documented order:
 * unauthorized -> plan_not_entitled -> demo_mode_read_only -> forbidden -> user_scoped_key_required.
 */
export function authorize(ctx: Ctx, access: Access): asserts ctx is TenantBoundCtx {
  if (access.role === 'public') return
  const { actor, tenant } = ctx
  if (actor.kind === 'anonymous' || !tenant) throw new DomainError('unauthorized', MISSING_KEY_MESSAGE)
  if (actor.kind === 'system') return

  if (ctx.surface === 'mcp' && !tenant.mcpAccess) {
    throw new DomainError('plan_not_entitled', `The ${tenant.planId} plan does not include MCP access. Upgrade to Starter or above.`)
  }
  if (ctx.surface === 'rest' && !tenant.restAccess) {
    throw new DomainError('plan_not_entitled', `The ${tenant.planId} plan does not include the REST API. It is available on Business and Enterprise.`)
  }
  if (access.write && isDemoMode(ctx)) {
    throw new DomainError('demo_mode_read_only', 'Demo mode is read-only: this action needs a production key of a real tenant.')
  }
  if (access.role !== 'member' && !roleAtLeast(actor.role, access.role)) {
    throw new DomainError('forbidden', `This needs the ${ROLE_LABELS[access.role]} role or above; your key acts as ${ROLE_LABELS[actor.role]}.`)
  }
  if (access.write && actor.scope === 'read') {
    throw new DomainError('forbidden', 'This token has the read scope; writes need a read_write token.')
  }
  if (access.userScopedKey && actor.kind !== 'user') {
    throw new DomainError('user_scoped_key_required', 'This acts for one person and needs a key bound to a user (a user-scoped production key).')
  }
}

/** The user the caller acts as, or a clear error when the key is not bound to one. */
export function callerUserId(ctx: Ctx): string {
  const id = ctx.actor.userId
  if (!id) throw new DomainError('user_scoped_key_required', 'This key is not bound to a user, so "me" has no meaning for it.')
  return id
}
