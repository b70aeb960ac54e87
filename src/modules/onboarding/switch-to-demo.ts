import { t } from 'elysia'
import { DomainError } from '../../kernel/errors'
import { defineOperation } from '../../kernel/operation'
import { findDefaultDemoTenant } from '../tenants/queries'
import { SAMPLE_QUESTIONS } from './sample-questions'

export const switchToDemo = defineOperation({
  name: 'switch_to_demo',
  title: 'Switch to demo mode',
  description:
    'Switches this MCP session to demo mode: until switch_to_production, the data tools read the synthetic demo company, read-only (writes answer demo_mode_read_only). Returns the demo company and questions to try. Use it to explore safely without touching real data.',
  access: { role: 'member' },
  mcp: { actsOnSession: true },
  input: t.Object({}),
  output: t.Object({
    mode: t.Literal('demo'),
    message: t.String(),
    demo_tenant_id: t.String({ description: 'Readable id of the demo company, DEMO-######' }),
    demo_tenant_name: t.String(),
    sample_questions: t.Array(t.String()),
    session_scoped: t.Boolean({ description: 'True when the mode is kept for this MCP session (Mcp-Session-Id); false for calls without a session' }),
    note: t.String({ description: 'How data tools behave in demo mode and how to use a demo key' }),
  }),
  run(ctx) {
    const demo = ctx.tenant.isDemo ? ctx.tenant : findDefaultDemoTenant(ctx.db)
    if (!demo) throw new DomainError('not_found', 'This server has no demo company yet; the operator can create one with `workforce seed-demo`.')
    if (ctx.session) ctx.session.mode = 'demo'
    const readableId = demo.readableId
    return {
      mode: 'demo' as const,
      message: ctx.session
        ? `Demo mode is on for this session: data tools now read ${demo.name} (${readableId}), read-only.`
        : `${demo.name} (${readableId}) is the demo company. This call has no MCP session, so nothing was switched.`,
      demo_tenant_id: readableId,
      demo_tenant_name: demo.name,
      sample_questions: [...SAMPLE_QUESTIONS.demo],
      session_scoped: ctx.session !== undefined,
      note: 'In demo mode every write (clock_in, clock_out, invite_staff) answers demo_mode_read_only and the usage analytics report available: false. Outside this session, call data tools in demo mode with a demo key (wf_demo_…), such as the public demo key printed when the server starts. Call switch_to_production to return to your own data.',
    }
  },
})
