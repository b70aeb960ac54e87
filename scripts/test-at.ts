/**
 * Runs tests with the machine's clock set to another instant (libfaketime), for the bugs that only
 * show at some hours: a test that writes "yesterday" on a Monday, a shift that crosses midnight, a
 * day that is already tomorrow in the company's time zone. Every process the tests start (servers,
 * the CLI, the agent) inherits the shifted clock: the real one moved by one offset, so that the
 * clock reads the instant given when the run starts and runs on from there.
 *
 *   bun scripts/test-at.ts 2026-11-25T00:10:00Z [bun test arguments…]
 *   bun scripts/test-at.ts 2026-11-24T23:05:00Z test/config test/jobs
 *
 * Useful instants: just after midnight UTC (a UTC tenant's new day), just after 23:00 UTC in
 * winter (Berlin's midnight: the demo and most fixtures' company day), a Monday just after
 * midnight (a new week), the last day of a month. Needs `faketime` (Debian: apt-get install
 * faketime). Not part of `.ci/run`: a time-of-day sweep runs the whole suite once per instant.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const [at, ...testArgs] = process.argv.slice(2)
if (!at || Number.isNaN(Date.parse(at))) {
  console.error('usage: bun scripts/test-at.ts <ISO instant, e.g. 2026-11-25T00:10:00Z> [bun test arguments…]')
  process.exit(2)
}
// The multi-threaded library (Bun runs threads), where Debian's package puts it.
const lib = ['/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1', '/usr/lib/aarch64-linux-gnu/faketime/libfaketimeMT.so.1'].find((p) => existsSync(p))
if (!lib) {
  console.error('libfaketime is not installed (Debian: apt-get install faketime)')
  process.exit(2)
}
// One offset from the real clock for every process, whenever it starts ("@instant" would start each
// process's clock at the instant anew). Given through a file, not FAKETIME: the tests that move a
// server's clock themselves (test/helpers/fake-clock.ts) point their processes at their own file.
const offsetSeconds = Math.round((Date.parse(at) - Date.now()) / 1000)
const dir = mkdtempSync(join(tmpdir(), 'wf-test-at-'))
const file = join(dir, 'offset')
writeFileSync(file, `${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds}\n`)
console.log(`tests with the clock at ${new Date(Date.parse(at)).toISOString()} (real clock ${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds} s)`)
const run = spawnSync('bun', ['test', '--timeout', '120000', ...testArgs], {
  stdio: 'inherit',
  env: { ...process.env, LD_PRELOAD: lib, FAKETIME_TIMESTAMP_FILE: file, TZ: 'UTC' },
})
rmSync(dir, { recursive: true, force: true })
process.exit(run.status ?? 1)
