import { describe, expect, test } from 'bun:test'
import { rmSync } from 'node:fs'
import { startServer } from '../helpers/server'
import { createTenantFixture } from '../helpers/fixtures'
import { callTool, mcpClient, rpc } from '../helpers/mcp'

/**
 * Issue 12 items 5 and 6: keyless sessions must not push out a signed-in user's session, and a
 * session must survive a restart of the server (the SDK client does not re-initialise by itself).
 */
const initialize = (clientName: string) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: clientName, version: '1' } },
})

describe('MCP sessions', () => {
  test("11,000 keyless initializes do not evict a signed-in user's session", async () => {
    const server = await startServer()
    try {
      const t = await createTenantFixture(server, { name: 'Eviction Inc' })
      const client = await mcpClient(server.url, t.ownerKey)
      // The session carries state: demo mode must still be on after the flood.
      await callTool(client, 'switch_to_demo')
      const started = performance.now()
      let next = 0
      const ids = new Set<string>()
      const worker = async () => {
        while (next < 11_000) {
          next++
          const res = await rpc(server.url, initialize('flood'))
          expect(res.status).toBe(200)
          ids.add(res.headers.get('mcp-session-id') ?? '')
          await res.arrayBuffer()
        }
      }
      await Promise.all(Array.from({ length: 32 }, worker))
      console.log(`11,000 keyless initializes in ${Math.round(performance.now() - started)} ms, ${ids.size} distinct session ids`)
      expect(ids.size).toBe(11_000)
      const after = await callTool(client, 'get_started_guide')
      expect(after.isError).toBe(false)
      expect(after.structured.mode).toBe('demo')
      // A keyless session from the flood still works too, and only without a key.
      const keyless = [...ids][0]!
      expect((await rpc(server.url, { jsonrpc: '2.0', id: 2, method: 'ping' }, { 'mcp-session-id': keyless })).status).toBe(200)
      expect(
        (await rpc(server.url, { jsonrpc: '2.0', id: 3, method: 'ping' }, { 'mcp-session-id': keyless, authorization: `Bearer ${t.ownerKey}` })).status,
      ).toBe(404)
      await client.close()
    } finally {
      await server.stop()
    }
  }, 180_000)

  test('an SDK client keeps its session across a restart (SIGTERM, same data directory and port), mode included', async () => {
    const first = await startServer({ keepData: true })
    const { dataDir, port } = first
    let second: Awaited<ReturnType<typeof startServer>> | null = null
    try {
      const t = await createTenantFixture(first, { name: 'Restart Inc' })
      const client = await mcpClient(first.url, t.ownerKey, 'restart-client')
      await callTool(client, 'switch_to_demo')
      expect((await callTool(client, 'get_started_guide')).structured.mode).toBe('demo')
      // A raw session of the public demo key and a keyless one: both must survive as well.
      const demoInit = await rpc(first.url, initialize('raw-demo'), { authorization: `Bearer ${first.demoKey}` })
      const demoSession = demoInit.headers.get('mcp-session-id')!
      const keylessSession = (await rpc(first.url, initialize('raw-keyless'))).headers.get('mcp-session-id')!
      const demoKey = first.demoKey

      expect(await first.stop('SIGTERM')).toBe(0)
      second = await startServer({ dataDir, args: ['--port', String(port)] })
      expect(second.port).toBe(port)

      // The same client object, no reconnect: its next calls carry the old Mcp-Session-Id.
      const guide = await callTool(client, 'get_started_guide')
      expect(guide.isError).toBe(false)
      expect(guide.structured.mode).toBe('demo')
      expect((await callTool(client, 'switch_to_production')).structured.mode).toBe('production')
      expect((await client.listTools()).tools.length).toBeGreaterThan(0)
      const ping = (headers: Record<string, string>) => rpc(second!.url, { jsonrpc: '2.0', id: 5, method: 'ping' }, headers)
      expect((await ping({ authorization: `Bearer ${demoKey}`, 'mcp-session-id': demoSession })).status).toBe(200)
      expect((await ping({ 'mcp-session-id': keylessSession })).status).toBe(200)
      // A forged or altered id is still unknown.
      const forged = `${keylessSession.slice(0, 6)}${keylessSession[6] === 'A' ? 'B' : 'A'}${keylessSession.slice(7)}`
      expect((await ping({ 'mcp-session-id': forged })).status).toBe(404)
      await client.close()
    } finally {
      if (first.proc.exitCode === null) await first.stop()
      await second?.stop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 180_000)
})
