import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { t } from 'elysia'
import { defineOperation, invoke } from '../../src/kernel/operation'
import { DomainError } from '../../src/kernel/errors'
import type { Ctx, Surface } from '../../src/kernel/ctx'
import { createTenant } from '../../src/modules/tenants/create-tenant'
import { issueKey } from '../../src/modules/api-keys/issue-key'
import { insertUser, getUserInTenant } from '../../src/modules/users/queries'
import { ensurePublicDemoKey } from '../../src/modules/api-keys/public-demo-key'
import { requestCtx } from '../../src/surfaces/request-ctx'
import { newId } from '../../src/kernel/ids'
import { invoke as run } from '../../src/kernel/operation'
import { setPlan } from '../../src/modules/tenants/set-plan'
import { systemCtx } from '../../src/runtime'
import { findTenantCtx } from '../../src/modules/tenants/queries'
import { tempRuntime } from '../helpers/db'

// A probe operation per access rule, so each refusal is shown in isolation.
const readAsManager = defineOperation({
  name: 'probe_manager',
  title: 'probe',
  description: 'probe',
  access: { role: 'manager' },
  input: t.Object({}),
  output: t.Object({ ok: t.Boolean() }),
  run: () => ({ ok: true }),
})
const writeAsEmployee = defineOperation({
  name: 'probe_write',
  title: 'probe',
  description: 'probe',
  access: { role: 'employee', write: true },
  input: t.Object({}),
  output: t.Object({ ok: t.Boolean() }),
  run: () => ({ ok: true }),
})
const actAsPerson = defineOperation({
  name: 'probe_person',
  title: 'probe',
  description: 'probe',
  access: { role: 'employee', write: true, userScopedKey: true },
  input: t.Object({}),
  output: t.Object({ ok: t.Boolean() }),
  run: () => ({ ok: true }),
})
const readUser = defineOperation({
  name: 'probe_user',
  title: 'probe',
  description: 'probe',
  access: { role: 'member' },
  input: t.Object({ id: t.String() }),
  output: t.Object({ email: t.String() }),
  run: (ctx, input) => ({ email: getUserInTenant(ctx, input.id).email }),
})
const publicOp = defineOperation({
  name: 'probe_public',
  title: 'probe',
  description: 'probe',
  access: { role: 'public' },
  input: t.Object({}),
  output: t.Object({ ok: t.Boolean() }),
  run: () => ({ ok: true }),
})

const rt = tempRuntime()
afterAll(() => rt.cleanup())

let acme: ReturnType<typeof createTenant>
let other: ReturnType<typeof createTenant>
let employeeKey = ''
let tenantAdminKey = ''
let readOnlyApiKey = ''
let demoKey = ''
let employeeId = ''

const ctxFor = (key: string | null, surface: Surface = 'mcp'): Ctx =>
  requestCtx(rt, { authorization: key ? `Bearer ${key}` : null, requestId: 'test', surface, accepted: ['live', 'demo', 'api'] })

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p
    return 'ok'
  } catch (e) {
    if (e instanceof DomainError) return e.code
    throw e
  }
}

beforeAll(() => {
  const now = Date.now()
  acme = createTenant(
    rt.db,
    { name: 'Acme', planId: 'business', timezone: 'Europe/Berlin', isDemo: false, owner: { name: 'Ann', email: 'ann@acme.test' }, issueOwnerKey: true },
    now,
  )
  const inAcme = { tenant: acme.tenant, db: rt.db, now }
  other = createTenant(
    rt.db,
    { name: 'Other', planId: 'business', timezone: 'UTC', isDemo: false, owner: { name: 'Otto', email: 'otto@other.test' }, issueOwnerKey: true },
    now,
  )
  const employee = insertUser(inAcme, { id: newId(), name: 'Eve', email: 'eve@acme.test', role: 'employee', status: 'active', createdAt: now })
  employeeId = employee.id
  employeeKey = issueKey(inAcme, {
    kind: 'live',
    scope: 'read_write',
    role: 'employee',
    name: 'eve',
    userId: employee.id,
    createdByUserId: null,
    expiresAt: null,
  }).key
  tenantAdminKey = issueKey(inAcme, {
    kind: 'live',
    scope: 'read_write',
    role: 'admin',
    name: 'tenant admin',
    userId: null,
    createdByUserId: null,
    expiresAt: null,
  }).key
  readOnlyApiKey = issueKey(inAcme, { kind: 'api', scope: 'read', role: 'admin', name: 'ro', userId: null, createdByUserId: null, expiresAt: null }).key
  const demo = createTenant(rt.db, { name: 'Demo', planId: 'business', timezone: 'UTC', isDemo: true, owner: { name: 'Dee', email: 'dee@demo.test' } }, now)
  demoKey = ensurePublicDemoKey({ tenant: demo.tenant, db: rt.db, now }, rt.secret, { userId: demo.owner.id, role: 'admin' })
})

describe('authorize (through invoke)', () => {
  test('refuses a missing key with unauthorized, but lets public operations through', async () => {
    expect(await codeOf(invoke(readAsManager, ctxFor(null), {}))).toBe('unauthorized')
    expect(await codeOf(invoke(publicOp, ctxFor(null), {}))).toBe('ok')
  })

  test('refuses a role below the operation with forbidden', async () => {
    expect(await codeOf(invoke(readAsManager, ctxFor(employeeKey), {}))).toBe('forbidden')
    expect(await codeOf(invoke(readAsManager, ctxFor(acme.ownerKey!.key), {}))).toBe('ok')
  })

  test('refuses writes in demo mode with demo_mode_read_only', async () => {
    expect(await codeOf(invoke(writeAsEmployee, ctxFor(demoKey), {}))).toBe('demo_mode_read_only')
    expect(await codeOf(invoke(readAsManager, ctxFor(demoKey), {}))).toBe('ok')
  })

  test('refuses a read-only REST token on a write with forbidden', async () => {
    expect(await codeOf(invoke(writeAsEmployee, ctxFor(readOnlyApiKey, 'rest'), {}))).toBe('forbidden')
  })

  test('refuses person actions from a tenant-level key with user_scoped_key_required', async () => {
    expect(await codeOf(invoke(actAsPerson, ctxFor(tenantAdminKey), {}))).toBe('user_scoped_key_required')
    expect(await codeOf(invoke(actAsPerson, ctxFor(employeeKey), {}))).toBe('ok')
  })

  test("answers not_found for another tenant's ids, never revealing them", async () => {
    expect(await codeOf(invoke(readUser, ctxFor(acme.ownerKey!.key), { id: employeeId }))).toBe('ok')
    expect(await codeOf(invoke(readUser, ctxFor(other.ownerKey!.key), { id: employeeId }))).toBe('not_found')
  })

  test('refuses a plan without the interface with plan_not_entitled', async () => {
    const cli = systemCtx(rt, findTenantCtx(rt.db, acme.tenant.id))
    await run(setPlan, cli, { plan: 'professional' })
    expect(await codeOf(invoke(readAsManager, ctxFor(readOnlyApiKey, 'rest'), {}))).toBe('plan_not_entitled')
    expect(await codeOf(invoke(readAsManager, ctxFor(acme.ownerKey!.key, 'mcp'), {}))).toBe('ok')
    await run(setPlan, cli, { plan: 'community' })
    expect(await codeOf(invoke(readAsManager, ctxFor(acme.ownerKey!.key, 'mcp'), {}))).toBe('plan_not_entitled')
    await run(setPlan, cli, { plan: 'business' })
    expect(await codeOf(invoke(readAsManager, ctxFor(readOnlyApiKey, 'rest'), {}))).toBe('ok')
  })

  test('checks in the documented order: plan before demo before role before user binding', async () => {
    // The demo key acts as admin, so only demo mode can refuse this user-scoped write.
    expect(await codeOf(invoke(actAsPerson, ctxFor(demoKey), {}))).toBe('demo_mode_read_only')
    // A read-only token below the role: forbidden for the role first.
    expect(await codeOf(invoke(readAsManager, ctxFor(employeeKey), {}))).toBe('forbidden')
  })
})
