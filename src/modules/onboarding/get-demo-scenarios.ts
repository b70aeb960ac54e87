import { t } from 'elysia'
import { DEMO_SCENARIOS } from '../../../seed/scenarios'
import { defineOperation } from '../../kernel/operation'
import { Nullable } from '../../kernel/schemas'
import { findDefaultDemoTenant } from '../tenants/queries'

const Scenario = t.Object(
  {
    id: t.String(),
    title: t.String(),
    description: t.String(),
    suggested_queries: t.Array(t.String(), { description: 'Questions to ask in this scenario' }),
  },
  { description: 'A guided demo scenario' },
)

export const getDemoScenarios = defineOperation({
  name: 'get_demo_scenarios',
  title: 'Get demo scenarios',
  description:
    'Five guided scenarios for the demo company (an overtime spike, a timesheet approval backlog, a project budget at risk, a productivity drop, and who is working right now or missing), each with questions to ask. Pair with switch_to_demo or a demo key.',
  access: { role: 'member' },
  input: t.Object({}),
  output: t.Object({
    scenarios: t.Array(Scenario),
    demo_tenant_id: Nullable(t.String(), { description: 'Readable id of the demo company, when there is one' }),
  }),
  run(ctx) {
    const demo = ctx.tenant.isDemo ? ctx.tenant : findDefaultDemoTenant(ctx.db)
    return { scenarios: DEMO_SCENARIOS.map((s) => ({ ...s, suggested_queries: [...s.suggested_queries] })), demo_tenant_id: demo?.readableId ?? null }
  },
})
