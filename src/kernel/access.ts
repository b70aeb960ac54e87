import { DomainError, type ErrorCode } from './errors'
import { ROLE_LABELS, ROLES, type Actor, type Ctx, type Role, type TenantBoundCtx } from './ctx'

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
}

/** A role's place in ROLES: "Manager or above" means a rank at least the manager's. */
export const roleRank = (role: Role): number => ROLES.indexOf(role)
export const roleAtLeast = (role: Role, min: Role): boolean => roleRank(role) >= roleRank(min)

/** The role an actor acts with; a caller without a key ranks lowest (Employee). */
export const effectiveRole = (actor: Actor): Role => (actor.kind === 'anonymous' ? 'employee' : actor.role)

/** Whether the actor acts with `min` or above (the system actor always does; no key never does). */
export const actorHasRole = (actor: Actor, min: Role): boolean => actor.kind !== 'anonymous' && roleAtLeast(actor.role, min)

export const actorRole = (actor: Actor): Role | null => (actor.kind === 'anonymous' ? null : actor.role)

export const actorKeyId = (actor: Actor): string | null => (actor.kind === 'user' || actor.kind === 'apiKey' || actor.kind === 'demo' ? actor.keyId : null)

export const MISSING_KEY_MESSAGE =
  'This needs an API key. Send it as "Authorization: Bearer <key>". To try the service without an account, use the public demo key printed by the server at start (wf_demo_…); an administrator can create a production key with `workforce keys create`.'

/** True when the caller works on synthetic data: a demo key, or a demo tenant. */
export const isDemoMode = (ctx: Ctx): boolean =>
  ctx.tenant?.isDemo === true || (ctx.actor.kind !== 'anonymous' && ctx.actor.kind !== 'system' && ctx.actor.keyKind === 'demo')

/**
 * One check the caller failed. `hidesTool`: the refusal is about who the caller is (no key, plan,
 * role), so MCP leaves the tool out of tools/list. Refusals about this use (demo mode, a read
 * token, a key not bound to a person) keep it listed, so the assistant can explain them.
 */
interface Refusal {
  code: ErrorCode
  message: string
  hidesTool: boolean
}

/**
 * Every check the caller fails, in the documented order:
 * unauthorized -> plan_not_entitled -> demo_mode_read_only -> forbidden -> user_scoped_key_required.
 */
function refusals(ctx: Ctx, access: Access): Refusal[] {
  if (access.role === 'public') return []
  const { actor, tenant } = ctx
  if (actor.kind === 'anonymous' || !tenant) return [{ code: 'unauthorized', message: MISSING_KEY_MESSAGE, hidesTool: true }]
  if (actor.kind === 'system') return []
  const out: Refusal[] = []
  const refuse = (code: ErrorCode, message: string, hidesTool: boolean) => out.push({ code, message, hidesTool })

  if (ctx.surface === 'mcp' && !tenant.mcpAccess) {
    refuse('plan_not_entitled', `The ${tenant.planId} plan does not include MCP access. Upgrade to Starter or above.`, true)
  }
  if (ctx.surface === 'rest' && !tenant.restAccess) {
    refuse('plan_not_entitled', `The ${tenant.planId} plan does not include the REST API. It is available on Business and Enterprise.`, true)
  }
  if (access.write && isDemoMode(ctx)) {
    refuse('demo_mode_read_only', 'Demo mode is read-only: this action needs a production key of a real tenant.', false)
  }
  if (access.role !== 'member' && !roleAtLeast(actor.role, access.role)) {
    refuse('forbidden', `This needs the ${ROLE_LABELS[access.role]} role or above; your key acts as ${ROLE_LABELS[actor.role]}.`, true)
  }
  if (access.write && actor.scope === 'read') {
    refuse('forbidden', 'This token has the read scope; writes need a read_write token.', false)
  }
  if (access.userScopedKey && actor.kind !== 'user') {
    refuse('user_scoped_key_required', 'This acts for one person and needs a key bound to a user (a user-scoped production key).', false)
  }
  return out
}

/** Throws the first refusal: the only gate operations pass (invoke calls it). */
export function authorize(ctx: Ctx, access: Access): asserts ctx is TenantBoundCtx {
  const first = refusals(ctx, access)[0]
  if (first) throw new DomainError(first.code, first.message)
}

/**
 * The first check of `authorize` alone, for HTTP surfaces that run it before validating the
 * request: a caller without a key learns that first (401), not what is wrong with the body (400).
 */
export function authenticated(ctx: Ctx, access: Access): void {
  const first = refusals(ctx, access)[0]
  if (first?.code === 'unauthorized') throw new DomainError(first.code, first.message)
}

/**
 * Whether the operation is offered to the caller (MCP tools/list): none of its refusals is about
 * who the caller is. The same checks as authorize, so the list and the call cannot disagree.
 */
export const isOfferedTo = (ctx: Ctx, access: Access): boolean => !refusals(ctx, access).some((r) => r.hidesTool)

/** The user the caller acts as, or a clear error when the key is not bound to one. */
export function callerUserId(ctx: Ctx): string {
  const id = ctx.actor.userId
  if (!id) throw new DomainError('user_scoped_key_required', 'This key is not bound to a user, so "me" has no meaning for it.')
  return id
}
