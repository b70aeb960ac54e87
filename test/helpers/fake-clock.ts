import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Glob } from 'bun'

/**
 * A system clock the test moves: libfaketime (Debian's `faketime` package) preloaded into the real
 * server and the real CLI, reading the time from a file on every call. The processes are the
 * product itself, unmodified; only what the kernel tells them the time is changes, so a test can
 * drive two weeks of attendance over the client API in seconds. `.ci/run` installs the package.
 */
export interface FakeClock {
  /** Environment for startServer({ env }) (the server's CLI runs inherit it). */
  env: Record<string, string>
  /** Sets the clock of every process using `env` to this instant; it stands there until the next set. */
  set(iso: string): void
  close(): void
}

/** The multi-threaded libfaketime (Bun runs threads), or null when the package is missing. */
export function libfaketimePath(): string | null {
  for (const root of ['/usr/lib', '/usr/lib64', '/usr/local/lib']) {
    if (!existsSync(root)) continue
    for (const hit of new Glob('**/faketime/libfaketimeMT.so.1').scanSync({ cwd: root, onlyFiles: true, followSymlinks: false })) return join(root, hit)
  }
  return null
}

export function fakeClock(startIso: string): FakeClock {
  const lib = libfaketimePath()
  if (!lib) throw new Error('libfaketime is missing: apt-get install faketime (.ci/run does it)')
  const dir = mkdtempSync(join(tmpdir(), 'wf-clock-'))
  const file = join(dir, 'now')
  // "YYYY-MM-DD HH:MM:SS" (no @): the wall clock stands still there, so figures computed by hand are
  // exact to the second; read in the TZ below (UTC). The monotonic clock is left real, so timers,
  // timeouts and the event loop run as usual.
  const set = (iso: string) => writeFileSync(file, `${new Date(iso).toISOString().slice(0, 19).replace('T', ' ')}\n`)
  set(startIso)
  return {
    env: { LD_PRELOAD: lib, FAKETIME_TIMESTAMP_FILE: file, FAKETIME_NO_CACHE: '1', FAKETIME_DONT_FAKE_MONOTONIC: '1', TZ: 'UTC' },
    set,
    close: () => rmSync(dir, { recursive: true, force: true }),
  }
}
