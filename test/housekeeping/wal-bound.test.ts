import { afterAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startBackgroundCheckpoints } from '../../src/kernel/checkpointer'
import { openDatabase, PRAGMAS } from '../../src/kernel/db'

/**
 * Issue 19 item 2: the write-ahead log stayed at the size of its largest burst (59.6 MB after a
 * multi-process run). Real SQLite files in a temp dir, the real checkpoint thread.
 */
const dir = mkdtempSync(join(tmpdir(), 'wf-wal-'))
const file = join(dir, 'workforce.db')
const handle = openDatabase(file)
handle.sqlite.exec('create table load (id integer primary key, body blob)')
let stop: (() => void) | null = null
afterAll(() => {
  stop?.()
  handle.close()
  rmSync(dir, { recursive: true, force: true })
})

const walBytes = () => statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0
const LIMIT = PRAGMAS.journal_size_limit
/** Writes about `mb` megabytes in 256 KB commits. */
const burst = (mb: number) => {
  const insert = handle.sqlite.prepare('insert into load (body) values (randomblob(262144))')
  for (let i = 0; i < mb * 4; i++) insert.run()
}

describe('the write-ahead log is bounded', () => {
  test('every connection leaves at most journal_size_limit bytes after the log restarts', () => {
    expect(LIMIT).toBeGreaterThan(0)
    expect(handle.sqlite.query('PRAGMA journal_size_limit').get()).toEqual({ journal_size_limit: LIMIT })
    // A reader on an old snapshot keeps the log from restarting: the burst grows it past the limit.
    const reader = new Database(file, { readonly: true })
    reader.exec('begin')
    reader.query('select count(*) from load').get()
    burst(24)
    expect(walBytes()).toBeGreaterThan(LIMIT)
    reader.exec('commit')
    reader.close()
    // All frames copied back, then the next commit restarts the log and truncates it to the limit.
    handle.sqlite.exec('PRAGMA wal_checkpoint(PASSIVE)')
    burst(1)
    expect(walBytes()).toBeLessThanOrEqual(LIMIT)
  })

  test('the checkpoint thread truncates the log to zero once writes stop', async () => {
    stop = startBackgroundCheckpoints(file, [handle.sqlite])
    burst(8)
    expect(walBytes()).toBeGreaterThan(0)
    // Idle now: poll (a deadline, not a timing assertion) until the thread has truncated it.
    const deadline = Date.now() + 30_000
    while (walBytes() > 0 && Date.now() < deadline) await Bun.sleep(100)
    expect(walBytes()).toBe(0)
    // The database still has every row.
    expect((handle.sqlite.query('select count(*) as n from load').get() as { n: number }).n).toBeGreaterThanOrEqual(8 * 4)
  })
})
