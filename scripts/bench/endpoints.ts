/** The endpoints of issue 18's table, as scripts/bench.ts drives them. */

export type Endpoint =
  | { name: string; label: string; kind: 'mcp'; tool: string; args: Record<string, unknown> }
  | { name: string; label: string; kind: 'rest'; path: string }
  | { name: string; label: string; kind: 'clock' }
  | { name: string; label: string; kind: 'ingest' }

export const ENDPOINTS: Endpoint[] = [
  { name: 'list_employees', label: 'MCP list_employees', kind: 'mcp', tool: 'list_employees', args: { page: 1, page_size: 20 } },
  { name: 'get_dashboard_summary', label: 'MCP get_dashboard_summary', kind: 'mcp', tool: 'get_dashboard_summary', args: {} },
  { name: 'summarize_team_hours', label: 'MCP summarize_team_hours', kind: 'mcp', tool: 'summarize_team_hours', args: {} },
  { name: 'get_productivity_overview', label: 'MCP get_productivity_overview', kind: 'mcp', tool: 'get_productivity_overview', args: {} },
  { name: 'clock', label: 'MCP clock_in/clock_out', kind: 'clock' },
  { name: 'ingest', label: 'client API sample ingestion', kind: 'ingest' },
  { name: 'tasks', label: 'REST /api/v1/tasks', kind: 'rest', path: '/api/v1/tasks' },
  { name: 'users', label: 'REST /api/v1/users', kind: 'rest', path: '/api/v1/users' },
  { name: 'team_members', label: 'REST /api/v1/teams/{id}/members', kind: 'rest', path: '/api/v1/teams/{team_id}/members' },
  { name: 'timesheets', label: 'REST /api/v1/timesheets', kind: 'rest', path: '/api/v1/timesheets' },
  { name: 'activity_summary', label: 'REST /api/v1/activity/summary', kind: 'rest', path: '/api/v1/activity/summary' },
]

export const isRead = (e: Endpoint) => e.kind === 'mcp' || e.kind === 'rest'

/** A read of the table: an MCP tool call or a REST path. */
export type ReadEndpoint = Extract<Endpoint, { kind: 'mcp' | 'rest' }>
export const isReadEndpoint = (e: Endpoint | undefined): e is ReadEndpoint => e?.kind === 'mcp' || e?.kind === 'rest'

/** The bench tenant's keys a read is made with. */
export interface ReadKeys {
  mcpKey: string
  restToken: string
}

/** The tenant's first team (what `{team_id}` in a REST path stands for). */
export async function firstTeamId(base: string, restToken: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/teams?page_size=1`, { headers: { authorization: `Bearer ${restToken}` } })
  return ((await res.json()) as { data: { id: string }[] }).data[0]!.id
}

/** The request of a read as the product serves it at `base` (`{team_id}` filled with the first team). */
export async function productRead(e: ReadEndpoint, base: string, keys: ReadKeys): Promise<{ url: string; init: RequestInit }> {
  if (e.kind === 'mcp') {
    return {
      url: `${base}/api/mcp/v1`,
      init: { method: 'POST', headers: { ...MCP_HEADERS, authorization: `Bearer ${keys.mcpKey}` }, body: toolCall(e.tool, e.args) },
    }
  }
  const path = e.path.includes('{team_id}') ? e.path.replaceAll('{team_id}', await firstTeamId(base, keys.restToken)) : e.path
  return { url: `${base}${path}`, init: { headers: { authorization: `Bearer ${keys.restToken}` } } }
}

/**
 * Growth table only (scripts/bench.ts growthRun), run when the endpoint named `with` is: reads
 * whose answer keeps its size as the tenant grows. The demo seed sizes teams by kind, not by head
 * count (seed/company/people.ts): Platform Engineering has 9 members at 1,000 and at 10,000 people.
 */
export const GROWTH_EXTRA: { with: string; team: string; e: Endpoint & { kind: 'mcp' } }[] = [
  {
    with: 'summarize_team_hours',
    team: 'Platform Engineering',
    e: {
      name: 'summarize_team_hours_team',
      label: 'MCP summarize_team_hours, one team (team_id: Platform Engineering, 9 people)',
      kind: 'mcp',
      tool: 'summarize_team_hours',
      args: { team_id: '' },
    },
  },
]

/** The JSON-RPC body of a tools/call. */
export const toolCall = (tool: string, args: Record<string, unknown>, id: number | string = 1) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: tool, arguments: args } })

export const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }

/** Whether a JSON-RPC answer is a success: a result that is no tool error (an MCP failure is HTTP 200 too). */
export function mcpSucceeded(text: string): boolean {
  try {
    const r = JSON.parse(text) as { error?: unknown; result?: { isError?: boolean } }
    return r.error === undefined && r.result !== undefined && r.result.isError !== true
  } catch {
    return false
  }
}

/** Call `seq` of a writer clocking itself in and out with its key (even: clock_in, odd: clock_out). */
export const clockRequest = (url: string, key: string, seq: number): { url: string; init: RequestInit } => ({
  url,
  init: { method: 'POST', headers: { ...MCP_HEADERS, authorization: `Bearer ${key}` }, body: toolCall(seq % 2 === 0 ? 'clock_in' : 'clock_out', {}) },
})

/** Samples per ingestion batch, 2 s apart, each batch of a writer after the previous one. */
export const SAMPLES_PER_BATCH = 100
const APPS = [
  ['Visual Studio Code', 'com.microsoft.VSCode'],
  ['Slack', 'com.tinyspeck.slackmacgap'],
  ['Google Chrome', 'com.google.Chrome'],
  ['YouTube', null],
] as const
/** Batch `seq` of writer `w` (distinct batch id and time window: nothing is deduplicated away). */
export function ingestBody(origin: number, w: number, seq: number, tag: string): string {
  const start = origin + seq * SAMPLES_PER_BATCH * 2000
  if (start + SAMPLES_PER_BATCH * 2000 > Date.now() + 60_000) throw new Error('ingestion ran out of its 7-day window: fewer or shorter windows')
  const samples = Array.from({ length: SAMPLES_PER_BATCH }, (_, i) => {
    const [application, window_class] = APPS[(w + i) % APPS.length]!
    return { application, window_class, started_at: new Date(start + i * 2000).toISOString(), duration_seconds: 2, idle: i % 40 >= 36 }
  })
  return JSON.stringify({ batch_id: `bench-${tag}-${w}-${seq}`, samples })
}
