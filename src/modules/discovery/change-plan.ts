import { PLAN_IDS } from '../tenants/schema'

/** Path (under the MCP base) of the keyless guide that upgrade_url and billing_portal_url point to. */
export const CHANGE_PLAN_PATH = '/api/mcp/v1/change-plan'

/**
 * How a plan is changed on this appliance, for anyone who follows upgrade_url: there is no billing
 * portal and no card payment here, so the answer is the operator's CLI command, not a login page.
 */
export function changePlanGuide(publicUrl: string) {
  const base = publicUrl.replace(/\/+$/, '')
  return {
    title: 'How to change plan on this Workforce appliance',
    self_service: false,
    who_can_change: 'The operator who runs this server (shell access to the machine), not a user or an API key.',
    command: 'workforce plan set <plan> --tenant <TENANT>',
    example: 'workforce plan set business --tenant acme',
    trial_example: 'workforce plan set business --tenant acme --trial-days 14',
    plans: [...PLAN_IDS],
    steps: [
      'Choose a plan: the MCP tool get_pricing_and_plans (no key needed) lists them with prices, features and retention.',
      'Ask the operator of this server to run: workforce plan set <plan> --tenant <TENANT> (the tenant readable id or slug).',
      'The change applies at once and emits the subscription.plan_changed webhook event; GET /api/v1/billing shows the new plan.',
    ],
    note: 'The appliance processes no card payments: invoices and licences are settled with your vendor outside this server.',
    pricing_tool: 'get_pricing_and_plans',
    mcp_endpoint: `${base}/api/mcp/v1`,
  }
}
