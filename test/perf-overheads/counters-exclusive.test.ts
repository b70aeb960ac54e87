/**
 * counters.db held exclusively by the data directory's only server (rate-limits/store.ts
 * `exclusive`): SQLite's EXCLUSIVE locking mode, no file lock per commit, its own checkpoints with
 * synchronous=OFF. What that must keep: counting exact and in the file, no other connection in it
 * while held, a file a power cut damaged set aside at the next start (counting starts over), and
 * beside a real `serve` the CLI goes on working (it never opens counters.db) while nothing else
 * can open the file. Crash safety over SIGKILL: counters-file.test.ts and counters-batch.test.ts,
 * whose servers run in this mode.
 */
import { afterAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createLogger, type Logger } from '../../src/kernel/log'
import { countRequests, type CountAsk } from '../../src/modules/rate-limits/queries'
import { COUNTERS_FILE, openCountersDatabase } from '../../src/modules/rate-limits/store'
import { startServer } from '../helpers/server'

setDefaultTimeout(120_000)

const work = mkdtempSync(join(tmpdir(), 'wf-counters-exclusive-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

const ask: CountAsk = { tenantId: 7, counters: [{ keyId: 'key_a', window: 'hour', windowStart: 3600, limit: 100 }] }
const pragma = (sqlite: Database, name: string) => Object.values(sqlite.query(`PRAGMA ${name}`).get() as Record<string, unknown>)[0]

/** A logger that keeps its warnings. */
function warningsLogger(): { log: Logger; warnings: { msg: string; fields: Record<string, unknown> }[] } {
  const warnings: { msg: string; fields: Record<string, unknown> }[] = []
  const quiet = createLogger('silent')
  return { warnings, log: { ...quiet, warn: (msg, fields) => void warnings.push({ msg, fields: fields ?? {} }) } }
}

/** Reading the file from another connection, without waiting for a lock. */
function readFromOutside(file: string): number {
  const other = new Database(file, { strict: true })
  try {
    other.exec('PRAGMA busy_timeout = 0')
    return other.query<{ n: number }, []>('select coalesce(sum(count), 0) as n from rate_limit_counters').get()!.n
  } finally {
    other.close()
  }
}

describe('counters.db held exclusively', () => {
  test('WAL in exclusive locking mode with synchronous=OFF; nobody else gets in while it is open; the counts are in the file', () => {
    const file = join(work, 'own.db')
    const handle = openCountersDatabase(file, 'exclusive', createLogger('silent'))
    try {
      expect(pragma(handle.sqlite, 'journal_mode')).toBe('wal')
      expect(pragma(handle.sqlite, 'locking_mode')).toBe('exclusive')
      expect(pragma(handle.sqlite, 'synchronous')).toBe(0)
      for (let i = 1; i <= 3; i++) expect(countRequests(handle.db, [ask])).toEqual([{ allowed: true, counts: [i] }])
      expect(() => readFromOutside(file)).toThrow(/locked|busy/i)
      // No shared-memory index: the log's index lives in this process.
      expect(existsSync(`${file}-shm`)).toBe(false)
    } finally {
      handle.close()
    }
  })

  test('a damaged file is set aside with a warning, and counting starts over in a new one', () => {
    const dir = join(work, 'damaged')
    rmSync(dir, { recursive: true, force: true })
    const file = join(dir, COUNTERS_FILE)
    mkdirSync(dir, { recursive: true })
    // What a power cut in the middle of a checkpoint can leave: pages that are not SQLite's.
    writeFileSync(file, Buffer.alloc(8192, 0x5a))
    const { log, warnings } = warningsLogger()
    const handle = openCountersDatabase(file, 'exclusive', log)
    try {
      expect(countRequests(handle.db, [ask])).toEqual([{ allowed: true, counts: [1] }])
      expect(countRequests(handle.db, [ask])).toEqual([{ allowed: true, counts: [2] }])
      expect(pragma(handle.sqlite, 'locking_mode')).toBe('exclusive')
    } finally {
      handle.close()
    }
    expect(warnings).toHaveLength(1)
    expect(warnings[0]!.msg).toContain('set aside')
    const aside = readdirSync(dir).filter((f) => /^counters\.db\.damaged-\d{4}-\d\d-\d\dT[\d-]+Z$/.test(f))
    expect(aside).toHaveLength(1)
    expect(String(warnings[0]!.fields.aside)).toEndWith(aside[0]!)
    // The damaged bytes are kept as they were, for whoever wants to look.
    expect(Bun.file(join(dir, aside[0]!)).size).toBe(8192)
  })

  test('a file held by another process is not taken for damaged: the open fails and the file stays', () => {
    const file = join(work, 'held.db')
    const holder = openCountersDatabase(file, 'exclusive', createLogger('silent'))
    try {
      countRequests(holder.db, [ask])
      const { log, warnings } = warningsLogger()
      expect(() => openCountersDatabase(file, 'exclusive', log)).toThrow(/locked|busy/i)
      expect(warnings).toEqual([])
      expect(readdirSync(work).filter((f) => f.startsWith('held.db.damaged'))).toEqual([])
      expect(countRequests(holder.db, [ask])).toEqual([{ allowed: true, counts: [2] }])
    } finally {
      holder.close()
    }
  })

  test('beside a running serve: the file is its alone, and a CLI command on the same directory still works', async () => {
    const dataDir = join(work, 'served')
    const server = await startServer({ dataDir, keepData: true })
    try {
      expect(() => readFromOutside(join(dataDir, COUNTERS_FILE))).toThrow(/locked|busy/i)
      const started = Date.now()
      const jobs = await server.cli(['jobs', 'list', '--json'])
      expect(jobs.code).toBe(0)
      expect(JSON.parse(jobs.stdout).some((j: { name: string }) => j.name === 'rate-limits.prune')).toBe(true)
      // Well under the 5 s a connection waits for a lock: the CLI never asked for counters.db.
      expect(Date.now() - started).toBeLessThan(4_500)
    } finally {
      await server.stop()
    }
    // Stopped: the file is free and every counter it holds is readable.
    expect(readFromOutside(join(dataDir, COUNTERS_FILE))).toBeGreaterThanOrEqual(0)
  })
})
