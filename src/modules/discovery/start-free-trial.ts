import { t } from 'elysia'
import { Int } from '../../kernel/schemas'
import { defineOperation } from '../../kernel/operation'
import { API_KEY_NOTE, RelatedResources, configSnippet, links } from './links'

export const startFreeTrial = defineOperation({
  name: 'start_free_trial',
  title: 'Start a free trial',
  description:
    'How to start a free trial of the service: what the trial includes, the onboarding steps, trying the demo first, the Enterprise path, and a ready MCP client configuration for this server. Informational only: it changes nothing. No key needed.',
  access: { role: 'public' },
  input: t.Object({}),
  output: t.Object({
    signup_url: t.String({ description: 'Where to read how companies are set up on this appliance' }),
    trial_details: t.Object(
      { days: Int({ minimum: 0 }), plan: t.String(), includes: t.Array(t.String()), credit_card_required: t.Boolean() },
      { description: 'What the trial includes' },
    ),
    onboarding_steps: t.Array(t.String()),
    demo_first: t.Object({ recommended: t.Boolean(), how: t.String(), tools: t.Array(t.String()) }, { description: 'Trying the demo before your own data' }),
    enterprise_path: t.Object({ contact: t.String(), includes: t.Array(t.String()) }, { description: 'For larger organisations' }),
    mcp_server_url: t.String(),
    mcp_config_snippet: t.String({ description: 'MCP client configuration as JSON text' }),
    api_key_setup_url: t.String(),
    api_key_note: t.String(),
    related_resources: RelatedResources,
  }),
  run(ctx) {
    const l = links(ctx)
    return {
      signup_url: l.documentation_url,
      trial_details: {
        days: 14,
        plan: 'business',
        includes: ['all 24 MCP tools', 'REST API and webhooks', 'geofenced clock-ins', 'productivity by application category', 'timesheet approvals'],
        credit_card_required: false,
      },
      onboarding_steps: [
        'The operator creates your company: `workforce tenant create --name "<Company>" --owner-email <you@company> --owner-name "<Your Name>"` (prints your first key).',
        'Add people: `workforce users add --tenant <TENANT> --email <email> --name "<Name>" --role employee --team "<Team>"`, or ask your AI client to invite_staff.',
        'Create a key per person: `workforce keys create --tenant <TENANT> --user <email>`.',
        'Paste the MCP configuration below into your AI client with your key.',
        'Ask: "Give me the dashboard summary" or call get_started_guide.',
      ],
      demo_first: {
        recommended: true,
        how: 'Connect with the public demo key printed at server start, or call switch_to_demo in your session.',
        tools: ['switch_to_demo', 'get_demo_scenarios'],
      },
      enterprise_path: { contact: 'Your workforce operator or vendor account team', includes: ['custom retention', 'dedicated support', 'SSO (roadmap)'] },
      mcp_server_url: l.mcp_endpoint,
      mcp_config_snippet: configSnippet(ctx),
      api_key_setup_url: l.documentation_url,
      api_key_note: API_KEY_NOTE,
      related_resources: l,
    }
  },
})
