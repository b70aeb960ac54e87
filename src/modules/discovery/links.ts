import { t } from 'elysia'
import type { Ctx } from '../../kernel/ctx'

/** Links to this very appliance, built from config.publicUrl. */
export const RelatedResources = t.Object(
  {
    mcp_endpoint: t.String({ description: 'MCP JSON-RPC endpoint (POST)' }),
    tools_list_url: t.String({ description: 'All tools with their schemas, no key needed (GET)' }),
    health_url: t.String(),
    rest_api_url: t.String({ description: 'REST API base (Business plan and above)' }),
    documentation_url: t.String({ description: 'OpenAPI documentation served by this appliance' }),
  },
  { description: 'Where to go next' },
)

export function links(ctx: Pick<Ctx, 'config'>) {
  const base = ctx.config.publicUrl.replace(/\/+$/, '')
  return {
    mcp_endpoint: `${base}/api/mcp/v1`,
    tools_list_url: `${base}/api/mcp/v1/tools`,
    health_url: `${base}/api/mcp/v1/health`,
    rest_api_url: `${base}/api/v1`,
    documentation_url: `${base}/api/v1/docs`,
  }
}

/**
 * The key a pasted snippet should carry: the public demo key (public by design) for callers
 * without a key or in demo mode, so the snippet works as is; a placeholder for production keys,
 * which are never echoed back into an AI client's transcript.
 */
export function snippetKey(ctx: Pick<Ctx, 'config' | 'actor'>): string {
  const demoCaller = ctx.actor.kind === 'anonymous' || ctx.actor.kind === 'demo'
  return demoCaller && ctx.config.publicDemoKey ? ctx.config.publicDemoKey : '<API_KEY>'
}

/** A client configuration for this server, ready to paste (Claude Code, Cursor and other HTTP MCP clients). */
export function configSnippet(ctx: Pick<Ctx, 'config' | 'actor'>, key = snippetKey(ctx)): string {
  return JSON.stringify({ mcpServers: { workforce: { type: 'http', url: links(ctx).mcp_endpoint, headers: { Authorization: `Bearer ${key}` } } } }, null, 2)
}

export const API_KEY_NOTE =
  'The snippet carries the public demo key when you call without a key or with a demo key (it works as pasted, read-only); otherwise replace <API_KEY> with your key. This is an on-premises appliance: the operator creates keys with `workforce keys create --tenant <TENANT> --user <EMAIL>` (a user-scoped wf_live_ key acts as that person; clock_in and clock_out need one). To look around first, use the public demo key printed when the server starts (wf_demo_…, read-only).'

export const SUPPORT_CONTACT = 'Your workforce operator (the administrator who runs this appliance).'
