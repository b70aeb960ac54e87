import { SERVER_VERSION } from '../kernel/version'

/**
 * The configuration each MCP client takes as pasted (docs/operations.md "Connecting MCP clients"):
 * Claude Desktop reads only local (stdio) servers from its config file, so it goes through
 * `mcp-remote` (the key in an env var: Claude Desktop on Windows mangles spaces in args, hence
 * `Authorization:${WORKFORCE_AUTH}` without a space); Cursor takes `url` + `headers` under
 * `mcpServers`; VS Code takes `servers` with `type: "http"`; Claude Code takes a command line.
 */
export function mcpClientSnippets(baseUrl: string, key: string): { client: string; where: string; text: string }[] {
  const url = `${baseUrl}/api/mcp/v1`
  // biome-ignore lint/suspicious/noTemplateCurlyInString: mcp-remote itself expands ${WORKFORCE_AUTH} from env
  const remoteArgs = ['-y', 'mcp-remote', url, '--transport', 'http-only', '--header', 'Authorization:${WORKFORCE_AUTH}']
  // mcp-remote refuses plain http except to localhost unless told.
  if (url.startsWith('http://')) remoteArgs.push('--allow-http')
  const json = (v: unknown) => JSON.stringify(v, null, 2)
  return [
    {
      client: 'Claude Desktop',
      where: 'claude_desktop_config.json; runs mcp-remote, needs Node.js',
      text: json({ mcpServers: { workforce: { command: 'npx', args: remoteArgs, env: { WORKFORCE_AUTH: `Bearer ${key}` } } } }),
    },
    {
      client: 'Cursor',
      where: '~/.cursor/mcp.json or .cursor/mcp.json',
      text: json({ mcpServers: { workforce: { url, headers: { Authorization: `Bearer ${key}` } } } }),
    },
    {
      client: 'VS Code',
      where: '.vscode/mcp.json',
      text: json({ servers: { workforce: { type: 'http', url, headers: { Authorization: `Bearer ${key}` } } } }),
    },
    { client: 'Claude Code', where: 'shell', text: `claude mcp add --transport http workforce ${url} --header "Authorization: Bearer ${key}"` },
  ]
}

/** Every client's snippet, each under a line naming the client and where it goes. */
export function mcpClientSnippetsText(baseUrl: string, key: string): string {
  return mcpClientSnippets(baseUrl, key)
    .map((s) => `${s.client} (${s.where}):\n${s.text}`)
    .join('\n')
}

export function startupBanner(input: { url: string; publicUrl: string; demo: { readableId: string; name: string; key: string } | null }): string {
  const lines = [
    `workforce ${SERVER_VERSION} listening on ${input.url}`,
    `Web console:   ${input.publicUrl}/  (sign in, or try the demo without a password)`,
    `MCP endpoint:  ${input.publicUrl}/api/mcp/v1`,
    `REST API:      ${input.publicUrl}/api/v1  (docs: ${input.publicUrl}/api/v1/docs)`,
  ]
  if (input.demo) {
    lines.push(
      `Demo tenant:   ${input.demo.readableId} (${input.demo.name})`,
      `Public demo key (read-only): ${input.demo.key}`,
      'Paste into your MCP client:',
      mcpClientSnippetsText(input.publicUrl, input.demo.key),
    )
  }
  return lines.join('\n')
}
