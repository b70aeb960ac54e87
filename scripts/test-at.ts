/**
 * Runs tests with the machine's clock set to another instant (libfaketime), for the bugs that only
 * show at some hours: a test that writes "yesterday" on a Monday, a shift that crosses midnight, a
 * day that is already tomorrow in the company's time zone. Every process the tests start (servers,
 * the CLI, the agent) inherits the shifted clock; it starts at the instant given and runs on.
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

const [at, ...testArgs] = process.argv.slice(2)
if (!at || Number.isNaN(Date.parse(at))) {
  console.error('usage: bun scripts/test-at.ts <ISO instant, e.g. 2026-11-25T00:10:00Z> [bun test arguments…]')
  process.exit(2)
}
if (spawnSync('faketime', ['-f', '+0', 'true']).status !== 0) {
  console.error('faketime is not installed (Debian: apt-get install faketime)')
  process.exit(2)
}
// faketime's absolute form: '@YYYY-MM-DD hh:mm:ss', read in the TZ it runs under (UTC here).
const start = new Date(Date.parse(at)).toISOString().slice(0, 19).replace('T', ' ')
console.log(`tests with the clock starting at ${start} UTC`)
const run = spawnSync('faketime', ['-f', `@${start}`, 'bun', 'test', '--timeout', '60000', ...testArgs], {
  stdio: 'inherit',
  env: { ...process.env, TZ: 'UTC' },
})
process.exit(run.status ?? 1)
