/**
 * Issue 18, item 3: group commit that keeps "acknowledged only after fsync". The real server runs
 * under strace (every thread: the event loop writes the -wal, Bun's thread pool runs the
 * fdatasync), and real MCP clients (the official SDK) clock in and out, many at once. From the
 * trace, for every clock_in/clock_out answer: the transaction that wrote its time log reached the
 * -wal file (pwrite64 frames carrying the time log's id), and an fdatasync/fsync of
 * workforce.db-wal started after those frames and returned 0 before the answer's first byte went
 * to the socket. And at least once one sync stood behind several answers (group commit happened).
 *
 * Attribution: a time log's id (a UUID, stored as text) is in the page image of the frames its
 * transaction writes. For a clock-in, the first frame carrying the new id is its own transaction's
 * (the row did not exist before); its transaction's frames are the run of -wal writes of the
 * event-loop thread that follows without another traced call in between. For a clock-out, the
 * first frame carrying the id after the clock-in's answer is its own or an earlier one's (another
 * write to the same page), so that check is at least as late as the clock-in's. No timings.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Subprocess } from 'bun'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { captureOutput, runCli, workforceCommand, type TestServer } from '../helpers/server'
import { createPersonFixture, createTenantFixture } from '../helpers/fixtures'
import { callTool, mcpClient } from '../helpers/mcp'

const STRACE = Bun.which('strace') ?? '/usr/bin/strace'
const CLIENTS = 12
const ROUNDS = 3

let dataDir: string
let traceFile: string
let proc: Subprocess
let server: TestServer
const clients: Client[] = []

/** The pid strace started (the server), from /proc: strace itself must not get the signal. */
function tracee(stracePid: number): number | null {
  try {
    const children = readFileSync(`/proc/${stracePid}/task/${stracePid}/children`, 'utf8').trim()
    return children ? Number(children.split(/\s+/)[0]) : null
  } catch {
    return null
  }
}

beforeAll(async () => {
  expect(existsSync(STRACE)).toBe(true)
  dataDir = mkdtempSync(join(tmpdir(), 'wf-durable-'))
  traceFile = join(dataDir, 'server.strace')
  const env = { ...process.env, WORKFORCE_LOG_LEVEL: 'warn' }
  proc = Bun.spawn(
    [
      STRACE,
      '-f',
      '-y',
      '-s',
      '8192',
      '-e',
      'trace=fdatasync,fsync,pwrite64,write,writev,sendto,sendmsg',
      '-o',
      traceFile,
      ...workforceCommand(),
      'serve',
      '--port',
      '0',
      '--data',
      dataDir,
    ],
    { env, stdout: 'pipe', stderr: 'pipe' },
  )
  const out = captureOutput(proc)
  const deadline = Date.now() + 90_000
  while (!/listening on http:\/\/[^:]+:(\d+)/.test(out.out()) || !out.out().includes('"Authorization"')) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}\n${out.out()}\n${out.err()}`)
    if (Date.now() > deadline) throw new Error(`server did not start\n${out.out()}\n${out.err()}`)
    await Bun.sleep(25)
  }
  const port = Number(/listening on http:\/\/[^:]+:(\d+)/.exec(out.out())![1])
  server = {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    demoKey: '',
    demoTenant: '',
    proc,
    output: () => out.out() + out.err(),
    cli: (args, extra) => runCli([...args, '--data', dataDir], { ...env, ...extra }),
    stop: async () => 0,
  }
}, 120_000)

afterAll(async () => {
  for (const c of clients) await c.close().catch(() => undefined)
  const pid = tracee(proc.pid)
  if (pid) process.kill(pid, 'SIGTERM')
  else proc.kill('SIGTERM')
  await proc.exited
  if (!process.env.KEEP_TRACE) rmSync(dataDir, { recursive: true, force: true })
  else console.log(`trace kept: ${traceFile}`)
}, 120_000)

interface Line {
  i: number
  pid: number
  text: string
}

interface Sync {
  entry: number
  exit: number
  ok: boolean
}

/** The -wal frames written, the completed syncs of the -wal and the HTTP answers, in trace order. */
function parseTrace(text: string) {
  const lines: Line[] = text
    .split('\n')
    .filter(Boolean)
    .map((t, i) => {
      const m = /^(\d+)\s+(.*)$/.exec(t)
      return { i, pid: m ? Number(m[1]) : 0, text: m ? m[2]! : t }
    })
  const WAL = /^(pwrite64|write|writev)\(\d+<[^>]*workforce\.db-wal>, "/
  const SYNC = /^(fdatasync|fsync)\(\d+<[^>]*workforce\.db-wal>/
  const SOCKET = /^(write|writev|sendto|sendmsg)\(\d+<(socket:\[\d+\]|TCP(v6)?:[^>]*)>, (\[\{iov_base=)?"HTTP\/1\.1 /
  const walWrites: Line[] = []
  const syncs: Sync[] = []
  const answers: Line[] = []
  const open = new Map<number, { entry: number; sync: boolean }>()
  for (const l of lines) {
    if (l.text.startsWith('<... ')) {
      const started = open.get(l.pid)
      open.delete(l.pid)
      if (started?.sync) syncs.push({ entry: started.entry, exit: l.i, ok: /\)\s*= 0$/.test(l.text) })
      continue
    }
    const unfinished = l.text.endsWith('<unfinished ...>')
    if (WAL.test(l.text)) walWrites.push(l)
    else if (SOCKET.test(l.text)) answers.push(l)
    if (SYNC.test(l.text)) {
      if (unfinished) open.set(l.pid, { entry: l.i, sync: true })
      else syncs.push({ entry: l.i, exit: l.i, ok: /\)\s*= 0$/.test(l.text) })
    } else if (unfinished) open.set(l.pid, { entry: l.i, sync: false })
  }
  return { lines, walWrites, syncs, answers }
}

describe('durability barrier (group commit)', () => {
  test('every clock answer leaves after an fdatasync of the -wal that started after its frames, and syncs are shared', async () => {
    const { tenant } = await createTenantFixture(server, { plan: 'professional', timezone: 'Europe/Berlin' })
    const people = await Promise.all(Array.from({ length: CLIENTS }, () => createPersonFixture(server, tenant, { role: 'employee' })))
    for (const p of people) clients.push(await mcpClient(server.url, p.key))

    // Each client clocks in and out ROUNDS times; the clients run at once.
    const acknowledged: { tool: string; timeLogId: string }[] = []
    await Promise.all(
      clients.map(async (client) => {
        for (let r = 0; r < ROUNDS; r++) {
          for (const tool of ['clock_in', 'clock_out']) {
            const res = await callTool(client, tool)
            expect(res.structured.success).toBe(true)
            acknowledged.push({ tool, timeLogId: String(res.structured.time_log_id) })
          }
        }
      }),
    )
    expect(acknowledged.length).toBe(CLIENTS * ROUNDS * 2)

    const trace = parseTrace(readFileSync(traceFile, 'utf8'))
    const coveredBy = new Map<number, number>()
    let checked = 0
    for (const { tool, timeLogId } of acknowledged) {
      // The answer: the socket write carrying this time log's id and this tool's result.
      const marker = tool === 'clock_in' ? 'clock_in_time' : 'clock_out_time'
      const answer = trace.answers.find((a) => a.text.includes(timeLogId) && a.text.includes(marker) && (tool === 'clock_in' || !a.text.includes('already')))
      expect(answer, `the answer of ${tool} ${timeLogId} is in the trace`).toBeDefined()
      const after =
        tool === 'clock_in'
          ? -1
          : trace.answers.find((a) => a.text.includes(timeLogId) && a.text.includes('clock_in_time') && !a.text.includes('clock_out_time'))!.i
      const frame = trace.walWrites.find((w) => w.i > after && w.i < answer!.i && w.text.includes(timeLogId))
      expect(frame, `a -wal frame carrying ${timeLogId} precedes the ${tool} answer`).toBeDefined()
      // The end of its transaction's run of frames: the event loop's -wal writes with nothing traced between.
      let end = frame!.i
      while (trace.lines[end + 1] && trace.lines[end + 1]!.pid === frame!.pid && trace.walWrites.some((w) => w.i === end + 1)) end++
      const sync = trace.syncs.find((s) => s.ok && s.entry > end && s.exit < answer!.i)
      expect(
        sync,
        `an fdatasync of the -wal started after the frames of ${tool} ${timeLogId} (trace line ${end}) and returned before its answer (line ${answer!.i})`,
      ).toBeDefined()
      coveredBy.set(sync!.entry, (coveredBy.get(sync!.entry) ?? 0) + 1)
      checked++
    }
    expect(checked).toBe(CLIENTS * ROUNDS * 2)
    // Group commit: at least one sync was the first to cover several answers.
    expect(Math.max(...coveredBy.values())).toBeGreaterThanOrEqual(2)
    // And the server made fewer syncs than it acknowledged writes.
    expect(trace.syncs.filter((s) => s.ok).length).toBeGreaterThan(0)
  }, 300_000)
})

describe('group commit on one connection (kernel/durability.ts over a real file)', () => {
  test('writes committed while a sync runs share the next one; a request that changed nothing waits for none', async () => {
    const { Database } = await import('bun:sqlite')
    const { enableGroupCommit } = await import('../../src/kernel/durability')
    const dir = mkdtempSync(join(tmpdir(), 'wf-gc-'))
    const db = new Database(join(dir, 'x.db'), { create: true })
    try {
      db.exec('PRAGMA journal_mode = WAL')
      db.exec('PRAGMA synchronous = FULL')
      db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)')
      const gc = enableGroupCommit(db)
      expect(enableGroupCommit(db)).toBe(gc)
      expect((db.query('PRAGMA synchronous').get() as { synchronous: number }).synchronous).toBe(1)
      // A read: nothing changed, nothing to wait for.
      const before = gc.changes()
      db.query('SELECT count(*) FROM t').get()
      expect(gc.durableSince(before)).toBeNull()
      expect(gc.syncs).toBe(0)
      // Ten "requests", each committing and then asking for the barrier before anything resolves:
      // the first starts a sync, the nine others (committed after it started) share the next one.
      const waits: Promise<void>[] = []
      for (let i = 0; i < 10; i++) {
        const since = gc.changes()
        db.query('INSERT INTO t (v) VALUES (?)').run(`row ${i}`)
        const wait = gc.durableSince(since)
        expect(wait).not.toBeNull()
        waits.push(wait!)
      }
      await Promise.all(waits)
      expect(gc.syncs).toBe(2)
      // Everything is durable now: asking again needs no sync.
      expect(gc.durableSince(before)).toBeNull()
      gc.close()
    } finally {
      db.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
