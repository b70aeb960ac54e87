import { SERVER_VERSION } from '../kernel/version'

/** A ready-to-paste MCP client configuration for this very server. */
export function mcpConfigSnippet(baseUrl: string, key: string): string {
  return JSON.stringify({ mcpServers: { workforce: { type: 'http', url: `${baseUrl}/api/mcp/v1`, headers: { Authorization: `Bearer ${key}` } } } }, null, 2)
}

export function startupBanner(input: { url: string; publicUrl: string; demo: { readableId: string; name: string; key: string } | null }): string {
  const lines = [
    `workforce ${SERVER_VERSION} listening on ${input.url}`,
    `MCP endpoint:  ${input.publicUrl}/api/mcp/v1`,
    `REST API:      ${input.publicUrl}/api/v1  (docs: ${input.publicUrl}/api/v1/docs)`,
  ]
  if (input.demo) {
    lines.push(
      `Demo tenant:   ${input.demo.readableId} (${input.demo.name})`,
      `Public demo key (read-only): ${input.demo.key}`,
      'Paste into your MCP client (Claude Desktop, Cursor, …):',
      mcpConfigSnippet(input.publicUrl, input.demo.key),
    )
  }
  return lines.join('\n')
}
