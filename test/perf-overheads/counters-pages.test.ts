/**
 * The counters' database uses small pages (store.ts COUNTERS_PAGE_SIZE): a new file is made with
 * them, and a file from before is rebuilt with them at open, its counts kept, unless another
 * connection has it open (then it goes on as it is, and counting works the same).
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { countRequests, type CountAsk } from '../../src/modules/rate-limits/queries'
import { silentLogger } from '../../src/kernel/log'
import { COUNTERS_DDL, COUNTERS_PAGE_SIZE, openCountersDatabase } from '../../src/modules/rate-limits/store'

const work = mkdtempSync(join(tmpdir(), 'wf-counter-pages-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

const pageSize = (sqlite: Database) => sqlite.query<{ page_size: number }, []>('PRAGMA page_size').get()!.page_size
const journalMode = (sqlite: Database) => sqlite.query<{ journal_mode: string }, []>('PRAGMA journal_mode').get()!.journal_mode
const ask: CountAsk = { tenantId: 7, counters: [{ keyId: 'key_a', window: 'hour', windowStart: 3600, limit: 100 }] }

/** A counters file as an older version left it: SQLite's default pages, WAL, `n` counted requests. */
function oldCountersFile(name: string, n: number): string {
  const file = join(work, name)
  const old = new Database(file, { create: true, strict: true })
  old.exec('PRAGMA journal_mode = WAL')
  old.exec(COUNTERS_DDL)
  old.query('insert into rate_limit_counters values (7, ?1, ?2, 3600, ?3)').run('key_a', 'hour', n)
  expect(pageSize(old)).toBe(4096)
  old.close()
  return file
}

describe('counters.db pages', () => {
  test('a new file has COUNTERS_PAGE_SIZE pages, in WAL mode', () => {
    const handle = openCountersDatabase(join(work, 'new.db'), 'shared', silentLogger)
    try {
      expect(COUNTERS_PAGE_SIZE).toBe(1024)
      expect(pageSize(handle.sqlite)).toBe(COUNTERS_PAGE_SIZE)
      expect(journalMode(handle.sqlite)).toBe('wal')
      expect(countRequests(handle.db, [ask])).toEqual([{ allowed: true, counts: [1] }])
    } finally {
      handle.close()
    }
  })

  test('a file from before is rebuilt with them, its counts kept, back in WAL mode', () => {
    const handle = openCountersDatabase(oldCountersFile('old.db', 41), 'shared', silentLogger)
    try {
      expect(pageSize(handle.sqlite)).toBe(COUNTERS_PAGE_SIZE)
      expect(journalMode(handle.sqlite)).toBe('wal')
      // The 42nd request of the window: the 41 counted before the rebuild still count.
      expect(countRequests(handle.db, [ask])).toEqual([{ allowed: true, counts: [42] }])
    } finally {
      handle.close()
    }
  })

  test("the server's exclusive open rebuilds one too, and stays exclusive", () => {
    const handle = openCountersDatabase(oldCountersFile('old-exclusive.db', 41), 'exclusive', silentLogger)
    try {
      expect(pageSize(handle.sqlite)).toBe(COUNTERS_PAGE_SIZE)
      expect(journalMode(handle.sqlite)).toBe('wal')
      expect(handle.sqlite.query<{ locking_mode: string }, []>('PRAGMA locking_mode').get()!.locking_mode).toBe('exclusive')
      expect(countRequests(handle.db, [ask])).toEqual([{ allowed: true, counts: [42] }])
    } finally {
      handle.close()
    }
  })

  test('a file another connection has open keeps its pages and counts the same', () => {
    const file = oldCountersFile('busy.db', 5)
    const other = new Database(file, { strict: true })
    other.exec('PRAGMA journal_mode = WAL')
    other.query('select count(*) from rate_limit_counters').get()
    const handle = openCountersDatabase(file, 'shared', silentLogger)
    try {
      expect(pageSize(handle.sqlite)).toBe(4096)
      expect(journalMode(handle.sqlite)).toBe('wal')
      expect(countRequests(handle.db, [ask])).toEqual([{ allowed: true, counts: [6] }])
      // The other connection sees the count: one file, still shared.
      expect(other.query<{ count: number }, []>("select count from rate_limit_counters where key_id = 'key_a'").get()!.count).toBe(6)
    } finally {
      handle.close()
      other.close()
    }
  })
})
