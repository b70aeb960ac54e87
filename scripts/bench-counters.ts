/**
 * What counting one request costs in the rate-limit counters' database (src/modules/rate-limits):
 * queries.ts `countRequests` for one REST request (its hour and day counters: BEGIN IMMEDIATE, two
 * reads, two upserts, COMMIT into the WAL), on a counters file of each page size, the first
 * (SQLite's default, 4,096 bytes) the baseline. Rounds alternate the files; the figure is the
 * median µs per commit, and its ratio to the baseline's.
 *
 *   bun run bench:counters [--commits 20000] [--rounds 5] [--sizes 4096,1024,512]
 *
 * Pinned to CPU 0 when taskset is present (as the servers of scripts/bench.ts are).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { openDatabase } from '../src/kernel/db'
import { silentLogger } from '../src/kernel/log'
import { type CountAsk, countRequests } from '../src/modules/rate-limits/queries'
import { COUNTERS_DDL, COUNTERS_PAGE_SIZE, openCountersDatabase } from '../src/modules/rate-limits/store'
import { median } from './bench/load'
import { rerunOnCpu } from './bench/processes'

const { values: opt } = parseArgs({
  options: {
    commits: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '5' },
    sizes: { type: 'string', default: `4096,${COUNTERS_PAGE_SIZE},512` },
  },
})

await rerunOnCpu(import.meta.path, 0)

const commits = Number(opt.commits)
const rounds = Number(opt.rounds)
const sizes = opt.sizes.split(',').map(Number)
const work = mkdtempSync(join(tmpdir(), 'wf-bench-counters-'))

/**
 * A new counters file of `pageSize`: the server's own (openCountersDatabase) at COUNTERS_PAGE_SIZE,
 * otherwise the same table and pragmas at another size (openCountersDatabase would rebuild it).
 */
function countersOf(pageSize: number) {
  const file = join(work, `counters-${pageSize}.db`)
  const handle = pageSize === COUNTERS_PAGE_SIZE ? openCountersDatabase(file, 'shared', silentLogger) : openDatabase(file, { synchronous: 'normal', pageSize })
  if (pageSize !== COUNTERS_PAGE_SIZE) handle.sqlite.exec(COUNTERS_DDL)
  const actual = handle.sqlite.query<{ page_size: number }, []>('PRAGMA page_size').get()!.page_size
  if (actual !== pageSize) throw new Error(`counters file of ${pageSize} bytes has pages of ${actual}`)
  return handle
}

const hour = Math.floor(Date.now() / 3_600_000) * 3600
const ask: CountAsk = {
  tenantId: 1,
  counters: [
    { keyId: 'key_bench', window: 'hour', windowStart: hour, limit: 1e12 },
    { keyId: 'key_bench', window: 'day', windowStart: hour - (hour % 86_400), limit: 1e12 },
  ],
}
const files = sizes.map((size) => ({ size, handle: countersOf(size), perCommit: [] as number[] }))
/** Counts refused: with limits of 10^12 every request must be allowed, or the figures are not of counting one. */
let refused = 0
const count = (db: (typeof files)[number]['handle']['db']) => {
  if (!countRequests(db, [ask])[0]!.allowed) refused++
}
try {
  for (const f of files) for (let i = 0; i < 2000; i++) count(f.handle.db)
  for (let r = 0; r < rounds; r++)
    for (const f of r % 2 ? [...files].reverse() : files) {
      const t0 = performance.now()
      for (let i = 0; i < commits; i++) count(f.handle.db)
      f.perCommit.push(((performance.now() - t0) * 1000) / commits)
    }
} finally {
  for (const f of files) f.handle.close()
  rmSync(work, { recursive: true, force: true })
}
const base = median(files[0]!.perCommit)
console.log(`one REST request's count (2 counters, one commit), ${commits} commits x ${rounds} rounds per file`)
console.log('| page size | µs per commit (median) | / baseline |')
console.log('|---|---|---|')
for (const f of files) {
  const m = median(f.perCommit)
  console.log(`| ${f.size}${f.size === COUNTERS_PAGE_SIZE ? ' (counters.db)' : ''} | ${m.toFixed(1)} | ${(m / base).toFixed(2)} |`)
}
if (refused > 0) {
  console.error(`${refused} count(s) refused: the figures above are not of counting an allowed request`)
  process.exitCode = 1
}
