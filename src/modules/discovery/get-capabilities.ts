import { t } from 'elysia'
import { Int } from '../../kernel/schemas'
import { defineOperation } from '../../kernel/operation'
import { ROLES } from '../../kernel/ctx'
import { DEFAULT_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '../../kernel/version'
import { toolCatalog } from './catalog'
import { CAPABILITY_FACTS, Capabilities } from './capability-facts'
import { RelatedResources, links } from './links'

const Str = t.Array(t.String())

export const getCapabilities = defineOperation({
  name: 'get_capabilities',
  title: 'Get capabilities',
  description:
    'Everything this workforce service can do, grouped by role: tools, write actions, remote-team support, platforms, privacy model, compliance, data storage, self-service, SSO status, key permissions, reports and supported AI clients. No key needed. Use it to answer "what can you do?" or before recommending a plan.',
  access: { role: 'public' },
  input: t.Object({}),
  output: t.Object({
    capabilities_by_role: t.Object(
      {
        no_key_needed: t.Array(t.String(), { description: 'Tools anyone can call' }),
        everyone: t.Array(t.String(), { description: 'Tools every key holder (Employee and up) can call' }),
        manager_above: t.Array(t.String(), { description: 'Tools that need Manager, Admin or OwnerAdmin' }),
        admin_owner_admin: t.Array(t.String(), { description: 'Tools that need Admin or OwnerAdmin' }),
      },
      { description: 'Tool names by the least role that can use them' },
    ),
    total_tools: Int({ minimum: 0 }),
    tool_names: Str,
    write_tools: t.Array(t.String(), { description: 'Tools that change data (confirm with the user first)' }),
    ...Capabilities,
    supported_ai_clients: t.Object(
      { clients: Str, transport: t.String(), protocol_versions: Str, default_protocol_version: t.String() },
      { description: 'MCP clients known to work and the protocol this server speaks' },
    ),
    related_resources: RelatedResources,
  }),
  run(ctx) {
    const catalog = toolCatalog(ctx.config.mcpExtendedTools)
    const names = (pred: (role: string) => boolean) => catalog.filter((c) => pred(c.role)).map((c) => c.name)
    return {
      capabilities_by_role: {
        no_key_needed: names((r) => r === 'public'),
        everyone: names((r) => r === 'member' || r === 'employee'),
        manager_above: names((r) => r === 'manager'),
        admin_owner_admin: names((r) => r === 'admin' || r === 'owner_admin'),
      },
      total_tools: catalog.length,
      tool_names: catalog.map((c) => c.name),
      write_tools: catalog.filter((c) => c.write).map((c) => c.name),
      ...CAPABILITY_FACTS,
      api_key_permissions: { ...CAPABILITY_FACTS.api_key_permissions, roles: [...ROLES] },
      supported_ai_clients: {
        clients: ['Claude (Desktop, Code, claude.ai connectors)', 'Cursor', 'VS Code (GitHub Copilot)', 'Windsurf', 'any MCP client speaking Streamable HTTP'],
        transport: 'Streamable HTTP (JSON-RPC 2.0 over HTTP POST), bearer key',
        protocol_versions: [...SUPPORTED_PROTOCOL_VERSIONS],
        default_protocol_version: DEFAULT_PROTOCOL_VERSION,
      },
      changelog_url: links(ctx).documentation_url,
      related_resources: links(ctx),
    }
  },
})
