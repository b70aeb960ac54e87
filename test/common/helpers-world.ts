/**
 * The world the common route tests run in: one real server, two Business tenants (the caller,
 * "acme", and "other", whose ids must stay invisible to acme), keys of every kind and scope the
 * rules need, and the demo tenant the server seeds on an empty data directory.
 *
 * Ids: each path parameter of the OpenAPI document gets a real id of each tenant. Most are read
 * back from the collection the parameter indexes (`/tasks/{task_id}` -> `GET /tasks`), so a new
 * route over an existing collection needs nothing here; what no API lists or what the seeded
 * organisation lacks is created below, as an integrator or a desktop agent would.
 */
import { createKeyFixture } from '../helpers/fixtures'
import { startServer, type TestServer } from '../helpers/server'
import { restClient, restTenant } from '../rest/helpers/api'
import { seedOrg, WEEK } from '../rest/helpers/org'
import { emailOf } from '../rest/helpers/people'
import { fetchOpenApi, restOperations, type OpenApiDocument, type RestOperation } from './helpers-openapi'

/** Webhook subscriptions may point at loopback here, as an operator allow-lists an intranet. */
const ALLOW_LOOPBACK = { WORKFORCE_WEBHOOK_ALLOW_CIDRS: '127.0.0.0/8' }

export interface TenantKeys {
  tenant: string
  /** wf_api_ REST tokens with the Admin role. */
  restWrite: string
  restRead: string
  /** wf_live_ key of the OwnerAdmin (user-scoped): reaches every client route. */
  owner: string
  /** wf_live_ tenant-level Admin key with the read scope. */
  clientRead: string
  /** Real ids of this tenant by kind (see kindOf): read them with idOf. */
  ids: Map<string, string>
}

export interface World {
  server: TestServer
  doc: OpenApiDocument
  operations: RestOperation[]
  acme: TenantKeys
  other: TenantKeys
  demo: {
    tenant: string
    /** The public demo key (wf_demo_): MCP only. */
    publicKey: string
    /** A read_write Admin REST token of the demo tenant. */
    restWrite: string
    /** A tenant-level Admin live key of the demo tenant (client API and MCP). */
    live: string
  }
}

export async function startWorld(): Promise<World> {
  const server = await startServer({ env: ALLOW_LOOPBACK })
  try {
    const doc = await fetchOpenApi(server)
    const operations = restOperations(doc)
    const [acme, other] = [await tenantWorld(server, operations), await tenantWorld(server, operations)]
    const demoRest = await createKeyFixture(server, server.demoTenant, { kind: 'api', role: 'admin', scope: 'read_write' })
    const demoLive = await createKeyFixture(server, server.demoTenant, { kind: 'live', role: 'admin' })
    return { server, doc, operations, acme, other, demo: { tenant: server.demoTenant, publicKey: server.demoKey, restWrite: demoRest.key, live: demoLive.key } }
  } catch (e) {
    await server.stop()
    throw e
  }
}

async function tenantWorld(server: TestServer, operations: RestOperation[]): Promise<TenantKeys> {
  const t = await restTenant(server)
  const org = seedOrg(server, t.tenant)
  const clientRead = await createKeyFixture(server, t.tenant, { kind: 'live', role: 'admin', scope: 'read' })
  const ids = new Map<string, string>()
  await createUnlisted(server, t.rw, org.users.alice, t.tenant, ids)
  await harvestIds(operations, t.rw, ids)
  return { tenant: t.tenant, restWrite: t.writeKey, restRead: t.readKey, owner: t.ownerKey, clientRead: clientRead.key, ids }
}

type Rest = ReturnType<typeof restClient>

/** The id of what a create answered: `{ id }`, or `{ <what>: { id } }` as the client API answers. */
const created = async (what: string, res: Promise<{ status: number; body: Record<string, unknown>; text: string }>): Promise<string> => {
  const r = await res
  const id = r.body.id ?? (r.body[what] as { id?: unknown } | undefined)?.id
  if (r.status >= 300 || typeof id !== 'string') throw new Error(`${what}: ${r.status} ${r.text}`)
  return id
}

/**
 * What the seeded organisation lacks (tasks, projects, pay runs, webhook subscriptions) and what
 * no API lists (agent sessions: only their agent knows them).
 */
async function createUnlisted(server: TestServer, rw: Rest, aliceId: string, tenant: string, ids: Map<string, string>): Promise<void> {
  await created('task', rw.post('/tasks', { title: 'Common route tests' }))
  await created('project', rw.post('/projects', { name: 'Common route tests' }))
  await created('pay run', rw.post('/payroll/pay-runs', { period_start: WEEK.start, period_end: WEEK.end }))
  await created('webhook', rw.post('/webhooks/subscribe', { url: 'http://127.0.0.1:9/common-tests' }))
  const agentKey = await createKeyFixture(server, tenant, { kind: 'live', user: emailOf(server, aliceId) })
  const agent = restClient(server, agentKey.key)
  const device = await created('device', agent.post('/client/devices', { fingerprint: `common-${tenant}`, name: 'common-host', platform: 'linux' }))
  ids.set(kindOf('session_id'), await created('session', agent.post('/client/agent-sessions', { device_id: device })))
  // A closed time entry (what corrections change): Alice clocks in and out.
  const clockedIn = await agent.post('/client/clock-in', {})
  if (clockedIn.status !== 200) throw new Error(`clock-in: ${clockedIn.status} ${clockedIn.text}`)
  const clockedOut = await agent.post('/client/clock-out', {})
  const logId = clockedOut.body.time_log_id
  if (clockedOut.status !== 200 || typeof logId !== 'string') throw new Error(`clock-out: ${clockedOut.status} ${clockedOut.text}`)
  ids.set(kindOf('time_log_id'), logId)
  // Invitations are listed on the client API only: one made through the operator's CLI.
  const invite = await server.cli(['users', 'invite', '--tenant', tenant, '--email', `invitee.${tenant.toLowerCase()}@common.test`, '--json'])
  if (invite.code !== 0) throw new Error(`users invite: ${invite.stderr}`)
  ids.set(kindOf('invitation_id'), (JSON.parse(invite.stdout) as { invitation_id: string }).invitation_id)
}

/** Id fields whose last word is not the collection's name. */
const KIND_ALIASES: Record<string, string> = { employee: 'user' }

/** The kind of thing an id field names: `assignee_user_id` -> user, `pay_run_id` -> run. */
export const kindOf = (field: string): string => {
  const stem = field.replace(/_id$/, '').split('_').at(-1) ?? field
  return KIND_ALIASES[stem] ?? stem
}

/** A real id of this tenant for an id field (path, query, body or tool argument), if the world has one. */
export const idOf = (t: TenantKeys, field: string): string | undefined => t.ids.get(kindOf(field))

/**
 * Ids by kind, read back from the lists: a path parameter from the collection it indexes
 * (`/tasks/{task_id}` -> `GET /tasks`), any other id field from the list named after its kind
 * (`payroll_period_id` -> `GET /payroll/periods`).
 */
async function harvestIds(operations: RestOperation[], rw: Rest, ids: Map<string, string>): Promise<void> {
  const lists = operations
    .filter((op) => op.surface === 'rest' && op.method === 'GET' && op.pathParams.length === 0 && op.requiredQuery.length === 0)
    .map((op) => op.path)
  const firstListed = async (list: string) => {
    const res = await rw.get(list.replace(/^\/api\/v1/, ''))
    const first = (res.body as { data?: { id?: unknown }[] }).data?.[0]?.id
    return typeof first === 'string' ? first : undefined
  }
  const learn = async (field: string, list: string | undefined) => {
    const kind = kindOf(field)
    if (ids.has(kind) || !list) return
    const id = await firstListed(list)
    if (id) ids.set(kind, id)
  }
  for (const op of operations) {
    const match = /^(.*)\/\{([^}]+)\}(?:\/[^{}]*)?$/.exec(op.path)
    if (match)
      await learn(
        match[2]!,
        lists.find((l) => l === match[1]),
      )
  }
  for (const field of operations.flatMap((op) => [...op.pathParams, ...op.idQuery].map((p) => p.name))) {
    await learn(
      field,
      lists.find((l) => l.endsWith(`/${kindOf(field)}s`)),
    )
  }
}
