import { describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { t } from 'elysia'
import { authorize, isOfferedTo } from '../../src/kernel/access'
import type { Actor, Ctx, TenantCtx } from '../../src/kernel/ctx'
import { openDatabase } from '../../src/kernel/db'
import { isDomainError } from '../../src/kernel/errors'
import { defineOperation, invoke, type AnyOperation } from '../../src/kernel/operation'
import { mcpOperations } from '../../src/surfaces/mcp-registry'

const SURFACES = join(import.meta.dir, '../../src/surfaces')

const tenant = (over: Partial<TenantCtx> = {}): TenantCtx => ({
  id: 1,
  readableId: 'T1',
  slug: 't1',
  name: 'T1',
  planId: 'business',
  timezone: 'UTC',
  isDemo: false,
  mcpAccess: true,
  restAccess: true,
  ...over,
})
// Only the fields authorize reads are real; db, config and log are never touched by these checks.
const ctxOf = (actor: Actor, t: TenantCtx | null = tenant()): Ctx => ({
  tenant: t,
  actor,
  surface: 'mcp',
  now: 0,
  requestId: 'unit',
  db: openDatabase(':memory:').db,
  config: undefined as never,
  log: undefined as never,
  secrets: undefined as never,
})

const CALLERS: Record<string, Ctx> = {
  anonymous: ctxOf({ kind: 'anonymous', userId: null }, null),
  employee: ctxOf({ kind: 'user', keyId: 'k1', keyKind: 'live', userId: 'u1', role: 'employee', scope: 'read_write' }),
  manager: ctxOf({ kind: 'user', keyId: 'k2', keyKind: 'live', userId: 'u2', role: 'manager', scope: 'read_write' }),
  'tenant admin key': ctxOf({ kind: 'apiKey', keyId: 'k3', keyKind: 'live', userId: null, role: 'admin', scope: 'read_write' }),
  'demo admin persona': ctxOf({ kind: 'demo', keyId: 'k4', keyKind: 'demo', userId: 'u4', role: 'admin', scope: 'read' }, tenant({ isDemo: true })),
  'demo employee persona': ctxOf({ kind: 'demo', keyId: 'k5', keyKind: 'demo', userId: 'u5', role: 'employee', scope: 'read' }, tenant({ isDemo: true })),
  'plan without MCP': ctxOf(
    { kind: 'user', keyId: 'k6', keyKind: 'live', userId: 'u6', role: 'owner_admin', scope: 'read_write' },
    tenant({ mcpAccess: false }),
  ),
}

const refusalOf = (ctx: Ctx, op: AnyOperation): string | null => {
  try {
    authorize(ctx, op.access)
    return null
  } catch (e) {
    if (isDomainError(e)) return e.code
    throw e
  }
}

describe('tool quirks are declared, not named', () => {
  test('the MCP adapter files name no tool', () => {
    const names = mcpOperations().map((op) => op.name)
    const adapter = readdirSync(SURFACES).filter((f) => f.startsWith('mcp') && f !== 'mcp-registry.ts')
    for (const file of adapter) {
      const source = readFileSync(join(SURFACES, file), 'utf8')
      for (const name of names) expect(source.includes(`'${name}'`), `${file} names ${name}`).toBe(false)
    }
  })

  test('tools/list never hides a tool the caller may call, nor lists one refused for who the caller is', () => {
    for (const [caller, ctx] of Object.entries(CALLERS)) {
      for (const op of mcpOperations()) {
        const refusal = refusalOf(ctx, op)
        const offered = isOfferedTo(ctx, op.access)
        const at = `${caller} / ${op.name}`
        if (!offered) expect(refusal, at).not.toBeNull()
        if (refusal === 'unauthorized' || refusal === 'plan_not_entitled') expect(offered, at).toBe(false)
        if (refusal === null || refusal === 'user_scoped_key_required') expect(offered, at).toBe(true)
      }
    }
  })

  test('a demo key is refused a write as read-only, yet a write above its role stays unlisted', () => {
    const invite = mcpOperations().find((op) => op.access.write && op.access.role === 'admin')!
    expect(refusalOf(CALLERS['demo employee persona']!, invite)).toBe('demo_mode_read_only')
    expect(isOfferedTo(CALLERS['demo employee persona']!, invite.access)).toBe(false)
    expect(isOfferedTo(CALLERS['demo admin persona']!, invite.access)).toBe(true)
  })

  test('invoke answers unavailableInDemo in demo mode instead of running, and runs otherwise', async () => {
    let runs = 0
    const op = defineOperation({
      name: 'unit_telemetry',
      title: 'Unit telemetry',
      description: 'A test operation.',
      access: { role: 'admin' },
      input: t.Object({ n: t.Integer() }),
      output: t.Object({ available: t.Boolean(), n: t.Integer() }),
      unavailableInDemo: (_ctx, input) => ({ available: false, n: input.n }),
      run: (_ctx, input) => {
        runs++
        return { available: true, n: input.n }
      },
    })
    expect(await invoke(op, CALLERS['demo admin persona']!, { n: 1 })).toEqual({ available: false, n: 1 })
    expect(runs).toBe(0)
    const admin = ctxOf({ kind: 'user', keyId: 'k7', keyKind: 'live', userId: 'u7', role: 'admin', scope: 'read_write' })
    expect(await invoke(op, admin, { n: 2 })).toEqual({ available: true, n: 2 })
    expect(runs).toBe(1)
    // Access comes first: demo mode does not answer a caller the operation refuses.
    await expect(invoke(op, CALLERS['demo employee persona']!, { n: 3 })).rejects.toMatchObject({ code: 'forbidden' })
  })
})
