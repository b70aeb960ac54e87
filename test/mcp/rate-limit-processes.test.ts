import { describe, expect, test } from 'bun:test'
import { rmSync } from 'node:fs'
import { runCli, startServer, type TestServer } from '../helpers/server'
import { rpc } from '../helpers/mcp'

/**
 * Issue 12 item 7: the MCP per-minute limit was counted in process memory, so two `serve`
 * processes on one data directory let twice the limit through, and calls made just before a
 * SIGKILL were forgotten. It is now counted in the database on every call, as the REST limits are.
 */
const LIMIT = 20

async function call(server: TestServer, key: string, id: number): Promise<string> {
  const res = await rpc(
    server.url,
    { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'get_capabilities', arguments: {} } },
    { authorization: `Bearer ${key}` },
  )
  const body = (await res.json()) as { result: { structuredContent: { error?: string } } }
  return body.result.structuredContent.error ?? 'ok'
}

/** Waits until at least `needed` seconds of the current UTC minute are left. */
async function roomInMinute(neededSeconds: number): Promise<void> {
  while (60_000 - (Date.now() % 60_000) < neededSeconds * 1000) await Bun.sleep(250)
}

const env = { WORKFORCE_MCP_RATE_LIMIT_MINUTE: String(LIMIT) }

describe('MCP per-minute limit across processes', () => {
  test(`two serve processes on one data directory together let exactly ${LIMIT} calls through in one minute`, async () => {
    // Two processes on one data directory is the scale-out opt-in (`--reuse-port`) where the
    // binary has the one-server-per-box lock; older binaries start a second one without it.
    const share = (await runCli(['serve', '--help'])).stdout.includes('--reuse-port') ? ['--reuse-port'] : []
    const a = await startServer({ env, args: share, keepData: true })
    let b: TestServer | null = null
    try {
      b = await startServer({ env, dataDir: a.dataDir, args: [...share, '--no-jobs'], keepData: true })
      expect(b.demoKey).toBe(a.demoKey)
      await roomInMinute(20)
      const servers = [a, b]
      const outcomes = await Promise.all(Array.from({ length: 3 * LIMIT }, (_, i) => call(servers[i % 2]!, a.demoKey, i + 1)))
      const ok = outcomes.filter((o) => o === 'ok').length
      console.log(`two processes, limit ${LIMIT}/min: ${ok} of ${outcomes.length} calls let through`)
      expect(ok).toBe(LIMIT)
      expect(outcomes.filter((o) => o === 'rate_limited')).toHaveLength(2 * LIMIT)
    } finally {
      await b?.stop()
      await a.stop()
      rmSync(a.dataDir, { recursive: true, force: true })
    }
  }, 180_000)

  test('calls counted before a SIGKILL still count after the restart in the same minute', async () => {
    const first = await startServer({ env, keepData: true })
    const { dataDir, demoKey } = first
    let second: TestServer | null = null
    try {
      await roomInMinute(30)
      const before: string[] = []
      for (let i = 0; i < 12; i++) before.push(await call(first, demoKey, i + 1))
      expect(before.every((o) => o === 'ok')).toBe(true)
      await first.stop('SIGKILL')
      second = await startServer({ env, dataDir, keepData: true })
      const after: string[] = []
      for (let i = 0; i < LIMIT; i++) after.push(await call(second, demoKey, 100 + i))
      const ok = after.filter((o) => o === 'ok').length
      console.log(`limit ${LIMIT}/min: 12 calls, SIGKILL, restart: ${ok} of ${after.length} more let through`)
      expect(ok).toBe(LIMIT - 12)
    } finally {
      await second?.stop()
      if (first.proc.exitCode === null) await first.stop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 180_000)
})
