import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { startServer, type TestServer } from '../helpers/server'
import { rpc } from '../helpers/mcp'

/**
 * Issue 12 item 2: one JSON-RPC batch must not build an unbounded answer. A batch of 10,000
 * tools/list with the public demo key made a 1.0 GB answer and 3.0 GB of RSS; now the first
 * messages are run and the excess is answered with JSON-RPC errors.
 */
let server: TestServer
beforeAll(async () => {
  server = await startServer()
}, 120_000)
afterAll(async () => {
  await server.stop()
}, 120_000)

type Answer = { jsonrpc: '2.0'; id: number | string | null; result?: unknown; error?: { code: number; message: string; data?: { error?: string } } }

/** Peak and current resident memory of the server process, in MiB (Linux /proc). */
function memoryOf(pid: number): { hwmMiB: number; rssMiB: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN)
  return { hwmMiB: Math.round(kb('VmHWM') / 1024), rssMiB: Math.round(kb('VmRSS') / 1024) }
}

async function session(key: string): Promise<Record<string, string>> {
  const res = await rpc(
    server.url,
    {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'batch-test', version: '1' } },
    },
    { authorization: `Bearer ${key}` },
  )
  return { authorization: `Bearer ${key}`, 'mcp-session-id': res.headers.get('mcp-session-id')!, 'mcp-protocol-version': '2025-03-26' }
}

describe('JSON-RPC batch limits', () => {
  test('a batch of 10,000 tools/list with the public demo key: the excess is answered with errors and memory stays bounded', async () => {
    const headers = await session(server.demoKey)
    // Warm up: the first tools/list builds what later ones reuse, so the peak below is the batch's.
    await rpc(server.url, { jsonrpc: '2.0', id: 'w', method: 'tools/list' }, headers)
    const before = memoryOf(server.proc.pid)
    const batch = Array.from({ length: 10_000 }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'tools/list' }))
    const body = JSON.stringify(batch)
    const started = performance.now()
    const res = await rpc(server.url, body, headers)
    const text = await res.text()
    const elapsedMs = Math.round(performance.now() - started)
    const after = memoryOf(server.proc.pid)
    console.log(
      `batch of 10,000 tools/list: request ${Math.round(body.length / 1024)} KiB, answer ${(text.length / 2 ** 20).toFixed(1)} MiB in ${elapsedMs} ms; ` +
        `server VmHWM ${before.hwmMiB} -> ${after.hwmMiB} MiB (VmRSS ${before.rssMiB} -> ${after.rssMiB} MiB)`,
    )
    expect(res.status).toBe(200)
    const answers = JSON.parse(text) as Answer[]
    // Every request gets exactly one answer, in order.
    expect(answers).toHaveLength(10_000)
    expect(answers.map((a) => a.id)).toEqual(batch.map((m) => m.id))
    const ran = answers.filter((a) => a.result !== undefined)
    const refused = answers.filter((a) => a.error !== undefined)
    expect(ran.length).toBeGreaterThan(0)
    expect(ran.length).toBeLessThanOrEqual(100)
    expect(ran.length + refused.length).toBe(10_000)
    // The answers that ran come first; the rest name why they were not run.
    expect(answers.slice(0, ran.length).every((a) => a.result !== undefined)).toBe(true)
    for (const a of refused) {
      expect(a.error!.code).toBe(-32000)
      expect(['batch_too_large', 'answer_too_large', 'rate_limited']).toContain(a.error!.data!.error!)
    }
    expect(refused.filter((a) => a.error!.data!.error === 'batch_too_large')).toHaveLength(9_900)
    // Before the fix this answer was 1.0 GB and the peak RSS 3.0 GB.
    expect(text.length).toBeLessThan(8 * 2 ** 20)
    expect(after.hwmMiB - before.hwmMiB).toBeLessThan(400)
  }, 120_000)

  test('every request message of a batch counts against the per-minute limit; the excess gets rate_limited errors', async () => {
    const limited = await startServer({ env: { WORKFORCE_MCP_RATE_LIMIT_MINUTE: '5' } })
    try {
      const key = limited.demoKey
      const headers = { authorization: `Bearer ${key}`, 'mcp-protocol-version': '2025-03-26' }
      // Stay clear of a UTC minute boundary so that everything below shares one window.
      while (Date.now() % 60_000 > 50_000) await Bun.sleep(250)
      const batch = [
        ...Array.from({ length: 7 }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'ping' })),
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'get_capabilities', arguments: {} } },
      ]
      const res = await rpc(limited.url, batch, headers)
      const answers = (await res.json()) as Answer[]
      expect(answers.map((a) => a.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
      expect(answers.slice(0, 5).every((a) => a.result !== undefined)).toBe(true)
      for (const a of answers.slice(5)) expect(a.error?.data?.error).toBe('rate_limited')
      // The budget is spent: a single tools/call of the same key is refused too.
      const single = await rpc(limited.url, { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'list_employees', arguments: {} } }, headers)
      const out = (await single.json()) as { result: { structuredContent: { error?: string } } }
      expect(out.result.structuredContent.error).toBe('rate_limited')
    } finally {
      await limited.stop()
    }
  }, 120_000)
})
