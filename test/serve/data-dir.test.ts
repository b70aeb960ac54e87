import { afterAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { embeddedMigrations } from '../../src/db/migrations.generated'
import { runCli, startServer } from '../helpers/server'
import { runUntilExit } from './run-until-exit'

const scratch = mkdtempSync(join(tmpdir(), 'wf-data-dir-'))
afterAll(() => {
  Bun.spawnSync(['chmod', '-R', 'u+w', scratch])
  rmSync(scratch, { recursive: true, force: true })
})

const mode = (path: string) => (statSync(path).mode & 0o777).toString(8)

describe('the data directory', () => {
  test('is created 0700 and its database, WAL, shared memory, secret, lock and server files 0600', async () => {
    const dataDir = join(scratch, 'fresh', 'data')
    const server = await startServer({ dataDir, keepData: true })
    try {
      expect(mode(dataDir)).toBe('700')
      for (const file of ['workforce.db', 'workforce.db-wal', 'workforce.db-shm', 'instance.secret', 'serve.lock', 'server.json']) {
        expect([file, mode(join(dataDir, file))]).toEqual([file, '600'])
      }
    } finally {
      await server.stop()
    }
  })

  test('a database migrated by a newer release makes serve and migrate refuse, naming both versions', async () => {
    const dataDir = join(scratch, 'newer')
    expect((await runCli(['migrate', '--data', dataDir])).code).toBe(0)
    const latest = embeddedMigrations.at(-1)!
    const db = new Database(join(dataDir, 'workforce.db'))
    db.run('insert into __drizzle_migrations (hash, created_at) values (?, ?)', ['f'.repeat(64), latest.folderMillis + 86_400_000])
    db.run('PRAGMA user_version = 1007000')
    db.close()

    const served = await runUntilExit(['serve', '--port', '0', '--data', dataDir])
    expect(served.code).not.toBeNull()
    expect(served.code).not.toBe(0)
    expect(served.stderr).toContain(`${join(dataDir, 'workforce.db')} was migrated by workforce 1.7.0`)
    expect(served.stderr).toContain('1 applied migration(s) this binary does not know')
    expect(served.stderr).toContain(`workforce 1.6.0 embeds ${embeddedMigrations.length} migrations up to ${latest.tag}`)
    expect(served.stdout).not.toContain('listening on')

    const migrated = await runCli(['migrate', '--data', dataDir])
    expect(migrated.code).not.toBe(0)
    expect(migrated.stdout).not.toContain('up to date')
    expect(migrated.stderr).toContain('was migrated by workforce 1.7.0')
  })

  test('a database the current release migrated starts as before (no false refusal)', async () => {
    const dataDir = join(scratch, 'current')
    expect((await runCli(['migrate', '--data', dataDir])).code).toBe(0)
    const again = await runCli(['migrate', '--data', dataDir])
    expect(again.code).toBe(0)
    expect(again.stdout).toContain('migrations: 0 applied')
  })
})

/**
 * A read-only data directory. As root chmod changes nothing (root ignores permission bits), so
 * there the command runs in its own mount namespace (`unshare -m`) with the directory bind-mounted
 * read-only: a real read-only file system (EROFS), gone when the process exits. Otherwise chmod 500.
 */
function readOnly(dir: string): string[] {
  if (process.getuid?.() !== 0) {
    Bun.spawnSync(['chmod', '500', dir])
    return []
  }
  return ['unshare', '-m', 'sh', '-c', 'mount --bind -o ro "$0" "$0" && exec "$@"', dir]
}
const reasonText = process.getuid?.() === 0 ? 'read-only file system' : 'permission denied'

describe('a read-only data directory', () => {
  test('a database file this user cannot write is named with the reason (root: run as nobody; else chmod 444)', async () => {
    const dataDir = join(scratch, 'foreign-db')
    expect((await runCli(['migrate', '--data', dataDir])).code).toBe(0)
    let wrap: string[] = []
    if (process.getuid?.() === 0) {
      // The directory is writable by anyone, the database stays root's 600: nobody cannot write it.
      Bun.spawnSync(['chmod', '755', scratch])
      Bun.spawnSync(['chmod', '777', dataDir])
      wrap = ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups']
    } else Bun.spawnSync(['chmod', '444', join(dataDir, 'workforce.db')])
    const out = await runUntilExit(['serve', '--port', '0', '--data', dataDir], { wrap })
    expect(out.code).not.toBeNull()
    expect(out.code).not.toBe(0)
    expect(out.stderr).toContain(`${join(dataDir, 'workforce.db')} is not writable (permission denied)`)
  })

  test('serve names the directory and the reason, not just "unable to open database file"', async () => {
    const dataDir = join(scratch, 'read-only-empty')
    mkdirSync(dataDir)
    const out = await runUntilExit(['serve', '--port', '0', '--data', dataDir], { wrap: readOnly(dataDir) })
    expect(out.code).not.toBeNull()
    expect(out.code).not.toBe(0)
    expect(out.stderr).toContain(`the data directory ${dataDir} is not writable (${reasonText})`)
    expect(out.stderr).toContain(join(dataDir, 'workforce.db'))
    expect(out.stderr).not.toContain('unable to open database file')
  })

  test('a data directory that cannot be created under a read-only parent is named too', async () => {
    const parent = join(scratch, 'read-only-parent')
    mkdirSync(parent)
    const dataDir = join(parent, 'data')
    const out = await runUntilExit(['tenant', 'list', '--data', dataDir], { wrap: readOnly(parent) })
    expect(out.code).not.toBe(0)
    expect(out.stderr).toContain(`cannot create the data directory ${dataDir}: ${reasonText}`)
  })

  test('an existing database in a read-only directory: serve and the CLI name the directory', async () => {
    const dataDir = join(scratch, 'read-only-existing')
    expect((await runCli(['migrate', '--data', dataDir])).code).toBe(0)
    const wrap = readOnly(dataDir)
    for (const args of [
      ['serve', '--port', '0'],
      ['tenant', 'list'],
    ]) {
      const out = await runUntilExit([...args, '--data', dataDir], { wrap })
      expect(out.code).not.toBeNull()
      expect(out.code).not.toBe(0)
      expect(out.stderr).toContain(`the data directory ${dataDir} is not writable (${reasonText})`)
      expect(out.stderr).not.toContain('unable to open database file')
    }
  })
})
