/**
 * Issue 18 item 2: the rate-limit counters have their own database file, `<data>/counters.db`
 * (WAL, synchronous=NORMAL), so counting a request neither fsyncs nor commits to the main
 * database. Real server processes, real HTTP, the real CLI: requests are counted there and not in
 * workforce.db; what was acknowledged before a SIGKILL still counts after the restart; a backup
 * holds no counters and a restore into the same data directory keeps the budget already spent.
 */
import { afterAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createKeyFixture, createTenantFixture } from '../helpers/fixtures'
import { runCli, startServer } from '../helpers/server'
import { rateHeaders, restClient } from '../rest/helpers/api'

setDefaultTimeout(120_000)

const work = mkdtempSync(join(tmpdir(), 'wf-counters-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

const env = { WORKFORCE_RATE_LIMIT_HOUR: '40', WORKFORCE_RATE_LIMIT_DAY: '1000' }

/** Counters live in fixed UTC hours: keep a scenario inside one. */
async function awayFromHourEdge(marginSeconds = 90): Promise<void> {
  const left = 3600 - (Math.floor(Date.now() / 1000) % 3600)
  if (left < marginSeconds) await Bun.sleep((left + 1) * 1000)
}

function rows(file: string, sql: string): { n: number }[] {
  const db = new Database(file, { readonly: true })
  try {
    return db.query(sql).all() as { n: number }[]
  } finally {
    db.close()
  }
}

describe('rate-limit counters in counters.db', () => {
  test('count there, not in workforce.db; survive SIGKILL; are not in a backup and survive a restore', async () => {
    await awayFromHourEdge()
    const dataDir = join(work, 'data')
    const first = await startServer({ env, dataDir, keepData: true })
    const tenant = (await createTenantFixture(first)).tenant
    const token = (await createKeyFixture(first, tenant, { kind: 'api', role: 'admin', scope: 'read' })).key
    const remaining: number[] = []
    for (let i = 0; i < 10; i++) {
      const res = await restClient(first, token).get('/teams')
      expect(res.status).toBe(200)
      remaining.push(rateHeaders(res.headers).remainingHour)
    }
    expect(remaining).toEqual([39, 38, 37, 36, 35, 34, 33, 32, 31, 30])

    // Acknowledged, then the process is killed without a chance to flush anything.
    await first.stop('SIGKILL')
    const counters = join(dataDir, 'counters.db')
    expect(existsSync(counters)).toBe(true)
    // Private like every file of the data directory (its -wal and -shm take its mode).
    expect((statSync(counters).mode & 0o777).toString(8)).toBe('600')
    expect(rows(counters, "select sum(count) as n from rate_limit_counters where window = 'hour'")).toEqual([{ n: 10 }])
    expect(rows(join(dataDir, 'workforce.db'), 'select count(*) as n from rate_limit_counters')).toEqual([{ n: 0 }])

    const second = await startServer({ env, dataDir, keepData: true })
    const backup = join(work, 'backup.db')
    try {
      const res = await restClient(second, token).get('/teams')
      expect(res.status).toBe(200)
      expect(rateHeaders(res.headers).remainingHour).toBe(29)
      expect((await second.cli(['backup', '--to', backup])).code).toBe(0)
    } finally {
      await second.stop()
    }
    // The backup is the main database only: no counters in it, no counters file beside it.
    expect(rows(backup, 'select count(*) as n from rate_limit_counters')).toEqual([{ n: 0 }])
    expect(existsSync(join(work, 'counters.db'))).toBe(false)

    // A restore into the same directory replaces the data, not the budget already spent.
    const restored = await runCli(['restore', backup, '--data', dataDir])
    expect(restored.code).toBe(0)
    const third = await startServer({ env, dataDir, keepData: true })
    try {
      const res = await restClient(third, token).get('/teams')
      expect(res.status).toBe(200)
      expect(rateHeaders(res.headers).remainingHour).toBe(28)
    } finally {
      await third.stop()
    }
  })
})
