/**
 * `workforce backup` and `workforce restore` against real processes: a server under continuous
 * writes is backed up online, the backup is restored into a fresh directory and a new server on
 * it still has every write acknowledged before the backup started. Restore refuses a corrupt file
 * and a data directory a running server holds, changing nothing.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runCli, startServer, type TestServer } from '../helpers/server'

const work = mkdtempSync(join(tmpdir(), 'wf-backup-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

const LIMITS = { WORKFORCE_RATE_LIMIT_HOUR: '1000000', WORKFORCE_RATE_LIMIT_DAY: '1000000' }

/** A tenant with a read-write REST token on the server's data directory. */
async function apiToken(server: TestServer): Promise<string> {
  const created = await server.cli(['tenant', 'create', '--json', '--name', 'Backup Co', '--owner-email', 'ana@backup.test', '--owner-name', 'Ana'])
  expect(created.code).toBe(0)
  const tenant = (JSON.parse(created.stdout) as { tenant: string }).tenant
  const key = await server.cli(['keys', 'create', '--json', '--tenant', tenant, '--kind', 'api', '--role', 'admin', '--scope', 'read_write'])
  expect(key.code).toBe(0)
  return (JSON.parse(key.stdout) as { key: string }).key
}

/** Every task id the token's tenant has, over the REST list. */
async function allTaskIds(url: string, token: string): Promise<Set<string>> {
  const ids = new Set<string>()
  for (let page = 1; ; page++) {
    const res = await fetch(`${url}/api/v1/tasks?page=${page}&page_size=100`, { headers: { authorization: `Bearer ${token}` } })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { data: { id: string }[]; pagination: { has_more: boolean } }
    for (const t of body.data) ids.add(t.id)
    if (!body.pagination.has_more) return ids
  }
}

const listing = (dir: string) => readdirSync(dir).sort()

describe('workforce backup and restore', () => {
  test('an online backup under continuous writes holds every write acknowledged before it started', async () => {
    const server = await startServer({ keepData: true, env: LIMITS })
    const token = await apiToken(server)
    // A long read transaction (a report, another backup) pins the WAL: until it ends, no
    // checkpoint copies the writes below into workforce.db itself, so they live in -wal only.
    const reader = new Database(join(server.dataDir, 'workforce.db'), { readonly: true })
    reader.exec('BEGIN')
    reader.query('SELECT count(*) FROM tasks').get()
    // Acknowledged writes in order: each entry is a task id the server answered 201 for.
    const acked: string[] = []
    let writing = true
    const writer = async (w: number) => {
      for (let i = 0; writing; i++) {
        const res = await fetch(`${server.url}/api/v1/tasks`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ title: `w${w}-${i}` }),
        })
        expect(res.status).toBe(201)
        acked.push(((await res.json()) as { id: string }).id)
      }
    }
    const writers = [0, 1, 2, 3].map(writer)
    while (acked.length < 100) await Bun.sleep(10)

    const file = join(work, 'live.db')
    const beforeBackup = [...acked]
    const backup = await server.cli(['backup', '--to', file, '--with-secret'])
    const afterBackup = acked.length
    // What a plain copy of the live database file would have kept.
    const plain = join(work, 'plain-copy.db')
    copyFileSync(join(server.dataDir, 'workforce.db'), plain)
    expect(backup.stderr).toBe('')
    expect(backup.code).toBe(0)
    expect(backup.stdout).toContain(`backup: ${file}`)
    // The server kept acknowledging writes while the backup ran and after it.
    while (acked.length < afterBackup + 50) await Bun.sleep(10)
    writing = false
    await Promise.all(writers)
    reader.exec('COMMIT')
    reader.close()
    expect(await server.stop()).toBe(0)

    // The plain copy lost the acknowledged writes that were still in the WAL (docs/operations.md).
    const copied = new Database(plain)
    const inCopy = new Set(
      copied
        .query<{ id: string }, []>('SELECT id FROM tasks')
        .all()
        .map((r) => r.id),
    )
    copied.close()
    expect(beforeBackup.filter((id) => !inCopy.has(id)).length).toBeGreaterThan(0)

    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(statSync(`${file}.secret`).mode & 0o777).toBe(0o600)
    expect(readFileSync(`${file}.secret`, 'utf8')).toBe(readFileSync(join(server.dataDir, 'instance.secret'), 'utf8'))

    const fresh = join(work, 'fresh')
    const restored = await runCli(['restore', file, '--data', fresh])
    expect(restored.stderr).toBe('')
    expect(restored.code).toBe(0)
    expect(restored.stdout).toContain('instance secret restored from the backup')
    expect(statSync(fresh).mode & 0o777).toBe(0o700)

    const again = await startServer({ dataDir: fresh, env: LIMITS })
    try {
      const ids = await allTaskIds(again.url, token)
      const missing = beforeBackup.filter((id) => !ids.has(id))
      expect(missing).toEqual([])
      // A snapshot, not the live file: writes acknowledged after the backup finished are not in it.
      const later = acked.slice(afterBackup).filter((id) => ids.has(id))
      expect(later).toEqual([])
      expect(ids.size).toBeGreaterThanOrEqual(beforeBackup.length)
      // The restored instance serves the public demo key derived from the restored secret.
      const health = await fetch(`${again.url}/api/v1/health`)
      expect(health.status).toBe(200)
    } finally {
      await again.stop()
      rmSync(server.dataDir, { recursive: true, force: true })
    }
  }, 120_000)

  test('restore refuses a corrupt file and a directory a running server holds, and changes nothing', async () => {
    const server = await startServer({ keepData: true })
    try {
      const good = join(work, 'good.db')
      expect((await server.cli(['backup', '--to', good])).code).toBe(0)
      const before = listing(server.dataDir)

      // A running instance: refused, nothing renamed, the server still answers.
      const running = await server.cli(['restore', good])
      expect(running.code).toBe(2)
      expect(running.stderr).toContain('is in use by another process')
      expect(running.stderr).toContain('nothing was changed')
      expect(listing(server.dataDir)).toEqual(before)
      expect((await fetch(`${server.url}/api/v1/health`)).status).toBe(200)
      // By default the instance secret stays out of the backup.
      expect(existsSync(`${good}.secret`)).toBe(false)

      // Garbage, an empty file and a truncated backup: refused before the instance is touched.
      const garbage = join(work, 'garbage.db')
      writeFileSync(garbage, 'this is not a database, just some text that goes on for a while '.repeat(100))
      const empty = join(work, 'empty.db')
      writeFileSync(empty, '')
      const truncated = join(work, 'truncated.db')
      writeFileSync(truncated, readFileSync(good))
      truncateSync(truncated, Math.floor(statSync(good).size / 2))
      for (const [bad, why] of [
        [garbage, 'file is not a database'],
        [empty, 'the file is empty'],
        [truncated, ''],
      ] as const) {
        const res = await runCli(['restore', bad, '--data', server.dataDir])
        expect(res.code).toBe(2)
        expect(res.stderr).toContain(`${bad} is not a usable backup: ${why}`)
        expect(res.stderr).toContain('Nothing was changed.')
        expect(listing(server.dataDir)).toEqual(before)
      }
      // Some other SQLite database is not a backup either.
      const other = join(work, 'other.db')
      const db = new Database(other, { create: true })
      db.exec('CREATE TABLE t (x)')
      db.close()
      const foreign = await runCli(['restore', other, '--data', server.dataDir])
      expect(foreign.code).toBe(2)
      expect(foreign.stderr).toContain('not a workforce database')

      // Stopped, the same restore goes through and keeps the old database aside.
      await server.stop()
      const ok = await runCli(['restore', good, '--data', server.dataDir])
      expect(ok.code).toBe(0)
      const aside = listing(server.dataDir).filter((f) => f.startsWith('workforce.db.before-restore-'))
      expect(aside).toHaveLength(1)
      expect(ok.stdout).toContain(`kept aside: ${join(server.dataDir, aside[0]!)}`)
      expect(ok.stdout).toContain('the data directory keeps its own')
      // Restoring twice in the same second keeps both earlier databases.
      expect((await runCli(['restore', good, '--data', server.dataDir])).code).toBe(0)
      expect(listing(server.dataDir).filter((f) => f.startsWith('workforce.db.before-restore-'))).toHaveLength(2)
    } finally {
      await server.stop()
      rmSync(server.dataDir, { recursive: true, force: true })
    }
  }, 120_000)

  test('a current database too damaged to open is replaced only with --force, and kept aside', async () => {
    const source = join(work, 'source-data')
    expect((await runCli(['migrate', '--data', source])).code).toBe(0)
    const file = join(work, 'for-damaged.db')
    expect((await runCli(['backup', '--to', file, '--data', source])).code).toBe(0)
    const damaged = join(work, 'damaged-data')
    mkdirSync(damaged)
    writeFileSync(join(damaged, 'workforce.db'), 'x'.repeat(8192))
    const refused = await runCli(['restore', file, '--data', damaged])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('add --force')
    expect(listing(damaged)).toEqual(['workforce.db'])
    const secret = join(source, 'instance.secret')
    const forced = await runCli(['restore', file, '--data', damaged, '--force', '--secret', secret])
    expect(forced.code).toBe(0)
    expect(forced.stdout).toContain('instance secret restored from the backup')
    expect(readFileSync(join(damaged, 'instance.secret'), 'utf8')).toBe(readFileSync(secret, 'utf8'))
    expect(statSync(join(damaged, 'instance.secret')).mode & 0o777).toBe(0o600)
    const aside = listing(damaged).find((f) => f.startsWith('workforce.db.before-restore-'))!
    expect(readFileSync(join(damaged, aside), 'utf8')).toBe('x'.repeat(8192))
  })

  test('backup never overwrites a file and explains a missing database', async () => {
    const existing = join(work, 'exists.db')
    writeFileSync(existing, 'keep me')
    const data = join(work, 'data-for-overwrite')
    expect((await runCli(['migrate', '--data', data])).code).toBe(0)
    const res = await runCli(['backup', '--to', existing, '--data', data])
    expect(res.code).toBe(2)
    expect(res.stderr).toContain('already exists')
    expect(readFileSync(existing, 'utf8')).toBe('keep me')
    const none = await runCli(['backup', '--to', join(work, 'none.db'), '--data', join(work, 'no-such-dir')])
    expect(none.code).toBe(2)
    expect(none.stderr).toContain('No database at')
    expect(existsSync(join(work, 'none.db'))).toBe(false)
  })

  test('the daily backup job is off by default and keeps WORKFORCE_BACKUP_KEEP copies', async () => {
    const data = join(work, 'data-daily')
    const dir = join(work, 'daily')
    expect((await runCli(['migrate', '--data', data])).code).toBe(0)
    const off = await runCli(['jobs', 'run', 'backup.daily', '--data', data])
    expect(off.stdout).toContain('backup.daily: processed 0')
    const env = { ...process.env, WORKFORCE_BACKUP_DIR: dir, WORKFORCE_BACKUP_KEEP: '2' }
    const tick = async (now: string) => (await runCli(['jobs', 'run', 'backup.daily', '--now', now, '--data', data], env)).stdout.trim()
    expect(await tick('2026-03-01T02:17:00Z')).toBe('backup.daily: processed 1')
    expect(await tick('2026-03-01T03:17:00Z')).toBe('backup.daily: processed 0')
    expect(await tick('2026-03-02T02:17:00Z')).toBe('backup.daily: processed 1')
    expect(await tick('2026-03-03T02:17:00Z')).toBe('backup.daily: processed 1')
    expect(listing(dir)).toEqual(['workforce-20260302T021700Z.db', 'workforce-20260303T021700Z.db'])
    const bad = await runCli(['jobs', 'run', 'backup.daily', '--data', data], { ...env, WORKFORCE_BACKUP_KEEP: '0' })
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('WORKFORCE_BACKUP_KEEP must be at least 1')
  }, 120_000)
})
