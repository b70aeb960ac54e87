import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { startServer, type TestServer } from '../helpers/server'
import { mcpClient } from '../helpers/mcp'

/** The output column of the specification, per tool: every field must be in the outputSchema. */
const SPEC_OUTPUT: Record<string, string[]> = {
  get_started_guide: [
    'welcome_message',
    'sample_questions',
    'mode',
    'tenant_name',
    'mcp_server_url',
    'mcp_auth_method',
    'mcp_config_snippet',
    'api_key_setup_url',
    'api_key_note',
    'support',
  ],
  get_data_dictionary: ['entities'],
  switch_to_demo: ['mode', 'message', 'demo_tenant_id', 'sample_questions', 'note'],
  switch_to_production: ['mode', 'tenant_readable_id', 'message', 'user_id'],
  get_demo_scenarios: ['scenarios'],
  get_dashboard_summary: ['as_of', 'error', 'hours_worked_today', 'team_productivity_score', 'pending_approvals', 'active_headcount'],
  list_employees: ['applied_filters', 'result'],
  get_employee_details: ['id', 'name', 'email', 'role', 'team', 'is_clocked_in', 'recent_activity'],
  list_my_timesheet: ['entries', 'total_hours'],
  summarize_team_hours: ['scope_team_id', 'scope_team_name', 'period_applied', 'period_start', 'period_end', 'result'],
  list_pending_approvals: ['count', 'items'],
  list_recent_activity: ['events'],
  get_workload_alerts: ['alerts', 'total_count', 'as_of'],
  get_productivity_overview: ['score', 'productiveSeconds', 'totalSeconds', 'period_applied', 'week_start', 'week_end', 'data_availability', 'privacy_note'],
  clock_in: ['success', 'clock_in_time', 'is_within_geofence', 'matched_office_name', 'next_tap_due_at', 'error', 'message'],
  clock_out: ['success', 'clock_in_time', 'clock_out_time', 'blocks_generated', 'error', 'message'],
  invite_staff: ['status', 'message', 'email', 'name', 'error'],
  get_capabilities: [
    'capabilities_by_role',
    'total_tools',
    'tool_names',
    'write_tools',
    'remote_team_support',
    'industries',
    'platforms',
    'payment_integrations',
    'privacy_model',
    'compliance',
    'data_storage',
    'employee_self_service',
    'sso_available',
    'sso_roadmap',
    'api_key_permissions',
    'report_types',
    'org_structure',
    'support',
    'changelog_url',
    'supported_ai_clients',
    'related_resources',
  ],
  get_pricing_and_plans: [
    'plans',
    'free_trial',
    'demo_mode',
    'related_resources',
    'upgrade_url',
    'billing_portal_url',
    'change_plan_note',
    'payment_integrations',
    'note',
    'data_source',
  ],
  start_free_trial: [
    'signup_url',
    'trial_details',
    'onboarding_steps',
    'demo_first',
    'enterprise_path',
    'mcp_server_url',
    'mcp_config_snippet',
    'api_key_setup_url',
    'api_key_note',
    'related_resources',
  ],
  ask_workforce: ['acknowledged', 'question_received', 'message', 'suggested_tools', 'tip'],
  get_analytics_questions: ['available', 'period', 'as_of', 'recent_questions', 'question_count', 'top_themes', 'period_demand', 'privacy_note'],
  get_analytics_overview: [
    'available',
    'active_users_1d',
    'active_users_7d',
    'active_users_28d',
    'sessions_in_period',
    'ai_queries_served_in_period',
    'top_sources',
    'period',
    'as_of',
  ],
  get_analytics_feature_usage: ['available', 'feature_areas', 'top_events', 'period', 'as_of'],
}

const SPEC_ORDER = [
  'get_analytics_overview',
  'get_analytics_feature_usage',
  'get_dashboard_summary',
  'list_employees',
  'get_employee_details',
  'list_my_timesheet',
  'summarize_team_hours',
  'list_pending_approvals',
  'list_recent_activity',
  'get_workload_alerts',
  'get_productivity_overview',
  'clock_in',
  'clock_out',
  'invite_staff',
  'get_capabilities',
  'get_pricing_and_plans',
  'start_free_trial',
  'get_started_guide',
  'get_data_dictionary',
  'switch_to_demo',
  'switch_to_production',
  'get_demo_scenarios',
  'ask_workforce',
  'get_analytics_questions',
]
const WRITES = ['clock_in', 'clock_out', 'invite_staff']

type Schema = {
  type?: string
  properties?: Record<string, Schema>
  required?: string[]
  anyOf?: Schema[]
  enum?: unknown[]
  const?: unknown
  default?: unknown
  minimum?: number
  maximum?: number
  maxLength?: number
  format?: string
  items?: Schema
  additionalProperties?: unknown
  patternProperties?: Record<string, Schema>
}
type Tool = { name: string; title?: string; description?: string; annotations?: Record<string, unknown>; inputSchema: Schema; outputSchema?: Schema }

let server: TestServer
let client: Client
let tools: Tool[]
const tool = (name: string) => tools.find((t) => t.name === name)!
const prop = (name: string, p: string) => tool(name).inputSchema.properties![p]!
/** The allowed values of an enum input (published as JSON Schema enum) or of a union of consts. */
const literals = (s: Schema): unknown[] => (Array.isArray(s.enum) ? s.enum : (s.anyOf ?? [s]).map((x) => x.const))

/** Walks a schema and reports any object without typed properties or any untyped leaf. */
function untyped(s: Schema, path: string, out: string[]): void {
  if (s.anyOf) {
    for (const [i, x] of s.anyOf.entries()) untyped(x, `${path}|${i}`, out)
    return
  }
  if (s.type === 'object') {
    if (!s.properties && !s.additionalProperties && !s.patternProperties) out.push(`${path}: bare object`)
    for (const v of Object.values(s.patternProperties ?? {})) untyped(v, `${path}{}`, out)
    for (const [k, v] of Object.entries(s.properties ?? {})) untyped(v, `${path}.${k}`, out)
    if (typeof s.additionalProperties === 'object') untyped(s.additionalProperties as Schema, `${path}{}`, out)
  } else if (s.type === 'array') untyped(s.items!, `${path}[]`, out)
  else if (!s.type && s.const === undefined) out.push(`${path}: no type`)
}

beforeAll(async () => {
  server = await startServer()
  client = await mcpClient(server.url, server.demoKey)
  tools = (await client.listTools()).tools as unknown as Tool[]
}, 120_000)
afterAll(async () => {
  await client.close()
  await server.stop()
}, 120_000)

describe('tools/list', () => {
  test('lists the 24 tools of the specification in its order', () => {
    expect(tools.map((t) => t.name)).toEqual(SPEC_ORDER)
  })

  test('GET /tools returns the same 24 descriptors as tools/list', async () => {
    const body = (await (await fetch(`${server.url}/api/mcp/v1/tools`)).json()) as { tools: Tool[] }
    expect(body.tools).toEqual(tools)
  })

  test('every tool has a title, a description, object schemas and the right hint', () => {
    for (const t of tools) {
      expect(t.title!.length).toBeGreaterThan(3)
      expect(t.description!.length).toBeGreaterThan(40)
      expect(t.inputSchema.type).toBe('object')
      expect(t.outputSchema!.type).toBe('object')
      if (WRITES.includes(t.name)) expect(t.annotations).toMatchObject({ destructiveHint: true, readOnlyHint: false })
      else expect(t.annotations).toMatchObject({ readOnlyHint: true })
    }
  })

  test('write tools tell the client to confirm; clock tools warn against repeating the state', () => {
    for (const name of WRITES) expect(tool(name).description).toMatch(/confirm/i)
    expect(tool('clock_in').description).toMatch(/do not call it when the user is already clocked in/i)
    expect(tool('clock_out').description).toMatch(/do not call it when the user is already clocked out/i)
  })

  test('every output field of the specification is in the outputSchema, and nothing is left untyped', () => {
    for (const [name, fields] of Object.entries(SPEC_OUTPUT)) {
      const success = tool(name).outputSchema!.anyOf![0]!
      for (const f of fields) expect(success.properties, `${name}.${f}`).toHaveProperty(f)
      const problems: string[] = []
      untyped(tool(name).outputSchema!, name, problems)
      expect(problems).toEqual([])
    }
  })

  test('the failure shape (error, message) is part of every outputSchema', () => {
    for (const t of tools) {
      const error = t.outputSchema!.anyOf![1]!
      expect(error.required).toEqual(['error', 'message'])
    }
  })

  test('input schemas carry the limits and defaults of the specification', () => {
    expect(prop('list_employees', 'page')).toMatchObject({ type: 'integer', minimum: 1, default: 1 })
    expect(prop('list_employees', 'page_size')).toMatchObject({ type: 'integer', maximum: 100, default: 20 })
    expect(prop('list_employees', 'team_id')).toMatchObject({ format: 'uuid' })
    expect(prop('list_recent_activity', 'limit')).toMatchObject({ type: 'integer', maximum: 50, default: 20 })
    expect(prop('list_recent_activity', 'since')).toMatchObject({ format: 'date-time' })
    expect(prop('get_analytics_questions', 'limit')).toMatchObject({ maximum: 50, default: 20 })
    expect(prop('get_analytics_feature_usage', 'limit')).toMatchObject({ maximum: 25, default: 10 })
    expect(prop('ask_workforce', 'question')).toMatchObject({ type: 'string', maxLength: 2000 })
    expect(tool('ask_workforce').inputSchema.required).toEqual(['question'])
    expect(prop('invite_staff', 'email')).toMatchObject({ format: 'email' })
    expect(tool('invite_staff').inputSchema.required).toEqual(['email'])
    expect(tool('get_employee_details').inputSchema.required).toEqual(['employee_id'])
    expect(literals(prop('get_employee_details', 'employee_id'))).toContain('me')
    expect(literals(prop('get_started_guide', 'role'))).toEqual(['employee', 'manager', 'admin', 'owner_admin', 'demo'])
    expect(literals(prop('summarize_team_hours', 'period'))).toEqual(['today', 'this_week', 'last_week', 'this_month', 'last_month'])
    expect(prop('summarize_team_hours', 'period').default).toBe('this_week')
    expect(literals(prop('get_productivity_overview', 'period'))).toEqual(['today', 'this_week', 'last_week', 'this_month'])
    expect(prop('get_productivity_overview', 'period').default).toBe('this_week')
    expect(prop('get_analytics_questions', 'period').default).toBe('this_month')
    expect(prop('get_analytics_overview', 'period').default).toBe('this_week')
    expect(literals(prop('get_analytics_feature_usage', 'period'))).toEqual(['this_week', 'last_week', 'this_month', 'last_month'])
    expect(prop('clock_in', 'latitude')).toMatchObject({ type: 'number', minimum: -90, maximum: 90 })
    expect(prop('clock_out', 'longitude')).toMatchObject({ type: 'number', minimum: -180, maximum: 180 })
    // Arguments with defaults are optional for the client.
    expect(tool('list_employees').inputSchema.required).toBeUndefined()
  })

  test('output enums of the specification are exact', () => {
    const out = (name: string, p: string) => tool(name).outputSchema!.anyOf![0]!.properties![p]!
    expect(literals(out('get_productivity_overview', 'data_availability'))).toEqual(['available', 'no_data', 'synthetic_demo'])
    expect(out('get_productivity_overview', 'score')).toMatchObject({ type: 'integer', minimum: 0, maximum: 100 })
    expect(out('get_analytics_overview', 'top_sources')).toMatchObject({ maxItems: 5 })
    expect(literals(out('get_pricing_and_plans', 'data_source'))).toEqual(['live_db', 'fallback'])
    expect(out('switch_to_demo', 'mode').const).toBe('demo')
    expect(out('switch_to_production', 'mode').const).toBe('production')
  })

  test('a keyless client sees only the three discovery tools', async () => {
    const anon = await mcpClient(server.url)
    const listed = (await anon.listTools()).tools.map((t) => t.name)
    expect(listed).toEqual(['get_capabilities', 'get_pricing_and_plans', 'start_free_trial'])
    await anon.close()
  })
})
