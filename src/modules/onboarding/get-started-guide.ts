import { t } from 'elysia'
import { isDemoMode, effectiveRole } from '../../kernel/access'
import { ROLE_LABELS } from '../../kernel/ctx'
import { defineOperation } from '../../kernel/operation'
import { API_KEY_NOTE, SUPPORT_CONTACT, configSnippet, links } from '../discovery/links'
import { SAMPLE_QUESTIONS, type GuideRole } from './sample-questions'

const GuideRoleEnum = t.Union([t.Literal('employee'), t.Literal('manager'), t.Literal('admin'), t.Literal('owner_admin'), t.Literal('demo')], {
  description: 'employee, manager, admin, owner_admin or demo',
})

const FIRST_TOOLS: Record<GuideRole, string[]> = {
  employee: ['get_employee_details', 'list_my_timesheet', 'get_productivity_overview'],
  manager: ['get_dashboard_summary', 'summarize_team_hours', 'list_pending_approvals', 'get_workload_alerts'],
  admin: ['get_dashboard_summary', 'list_employees', 'get_workload_alerts', 'get_analytics_overview'],
  owner_admin: ['get_dashboard_summary', 'get_pricing_and_plans', 'get_analytics_questions', 'get_workload_alerts'],
  demo: ['get_demo_scenarios', 'get_dashboard_summary', 'list_employees', 'get_workload_alerts'],
}

export const getStartedGuide = defineOperation({
  name: 'get_started_guide',
  title: 'Get started guide',
  description:
    "Call this first when connecting: a welcome, sample questions for the caller's role (inferred from the key, or pass role), the mode (demo or production), the company name, and how to configure an MCP client for this server. Not for live data.",
  access: { role: 'member' },
  input: t.Object({ role: t.Optional(GuideRoleEnum) }),
  output: t.Object({
    welcome_message: t.String(),
    role_applied: GuideRoleEnum,
    sample_questions: t.Array(t.String()),
    recommended_first_tools: t.Array(t.String()),
    mode: t.Union([t.Literal('demo'), t.Literal('production')]),
    tenant_name: t.String(),
    mcp_server_url: t.String(),
    mcp_auth_method: t.String({ description: 'How to authenticate: an HTTP bearer key' }),
    mcp_config_snippet: t.String({
      description: 'MCP client configuration as JSON text; carries the public demo key for keyless and demo callers, else <API_KEY> to replace',
    }),
    api_key_setup_url: t.String(),
    api_key_note: t.String(),
    support: t.Object(
      { contact: t.String(), documentation_url: t.String(), tools_list_url: t.String(), health_url: t.String() },
      { description: 'Where to get help' },
    ),
  }),
  run(ctx, input) {
    const demo = isDemoMode(ctx)
    const role: GuideRole = input.role ?? (demo ? 'demo' : effectiveRole(ctx.actor))
    const l = links(ctx)
    const who = role === 'demo' ? 'exploring the demo company' : `signed in as ${ROLE_LABELS[role]}`
    return {
      welcome_message: `Welcome to Workforce for ${ctx.tenant.name}: you are ${who}. Ask about attendance, hours, timesheets, productivity and your team in plain language.${demo ? ' Demo mode is read-only synthetic data.' : ''}`,
      role_applied: role,
      sample_questions: [...SAMPLE_QUESTIONS[role]],
      recommended_first_tools: FIRST_TOOLS[role],
      mode: demo ? ('demo' as const) : ('production' as const),
      tenant_name: ctx.tenant.name,
      mcp_server_url: l.mcp_endpoint,
      mcp_auth_method: 'HTTP bearer: Authorization: Bearer <API_KEY>',
      mcp_config_snippet: configSnippet(ctx),
      api_key_setup_url: l.documentation_url,
      api_key_note: API_KEY_NOTE,
      support: { contact: SUPPORT_CONTACT, documentation_url: l.documentation_url, tools_list_url: l.tools_list_url, health_url: l.health_url },
    }
  },
})
