import { Command } from 'commander'
import { SingleBar, Presets } from 'cli-progress'
import { DEFAULT_SEED_OPTIONS, SEED_LIMITS, seedDemoTenant, type SeedSummary } from '../../seed'
import { isValidTimeZone } from '../kernel/time'
import { ROLE_LABELS, type Role } from '../kernel/ctx'
import { CliError, dataOption, printJson, withRuntime, type DataOpts } from './common'

interface SeedOpts extends DataOpts {
  employees: string
  days: string
  seed: string
  timezone: string
  json?: boolean
}

const intOption = (name: string, v: string, limits: { min: number; max: number }): number => {
  const n = Number(v)
  if (!Number.isInteger(n) || n < limits.min || n > limits.max) throw new CliError(`--${name} must be an integer from ${limits.min} to ${limits.max}`)
  return n
}

/** A bar on a terminal; on a pipe or in CI, one plain line per tenth of the work. */
function progressReporter(): { update(done: number, total: number): void; stop(): void } {
  if (process.stderr.isTTY) {
    const bar = new SingleBar(
      { format: 'seeding history [{bar}] {percentage}% | day {value}/{total} | {duration_formatted}', stream: process.stderr, hideCursor: true },
      Presets.shades_classic,
    )
    let started = false
    return {
      update(done, total) {
        if (!started) bar.start(total, done)
        started = true
        bar.update(done)
      },
      stop: () => started && bar.stop(),
    }
  }
  let lastTenth = -1
  return {
    update(done, total) {
      const tenth = Math.floor((10 * done) / total)
      if (tenth === lastTenth) return
      lastTenth = tenth
      process.stderr.write(`seeding history: day ${done}/${total} (${tenth * 10}%)\n`)
    },
    stop() {},
  }
}

function printSummary(s: SeedSummary): void {
  console.log(`Demo tenant ${s.readableId} created in ${(s.elapsedMs / 1000).toFixed(1)} s`)
  console.log('Rows written:')
  for (const [table, n] of Object.entries(s.counts)) console.log(`  ${table.padEnd(28)} ${n}`)
  console.log(`Public demo key (read-only, Admin persona): ${s.publicDemoKey}`)
  for (const [role, key] of Object.entries(s.roleKeys)) console.log(`Demo ${ROLE_LABELS[role as Role]} key: ${key}`)
  console.log(`Elapsed: ${(s.elapsedMs / 1000).toFixed(2)} s`)
}

export const seedDemoCommand = new Command('seed-demo')
  .description('Build a new DEMO-###### tenant with realistic synthetic data and print its keys.')
  .option('--employees <n>', `number of people (${SEED_LIMITS.employees.min}-${SEED_LIMITS.employees.max})`, String(DEFAULT_SEED_OPTIONS.employees))
  .option('--days <n>', `days of history up to now (${SEED_LIMITS.days.min}-${SEED_LIMITS.days.max})`, String(DEFAULT_SEED_OPTIONS.days))
  .option('--seed <s>', 'random seed: the same seed and options give the same content', DEFAULT_SEED_OPTIONS.seed)
  .option('--timezone <tz>', 'IANA time zone of the company', DEFAULT_SEED_OPTIONS.timezone)
  .option('--json', 'print JSON')
  .addOption(dataOption())
  .action((opts: SeedOpts) =>
    withRuntime(opts, (rt) => {
      if (!isValidTimeZone(opts.timezone)) throw new CliError(`Unknown time zone: ${opts.timezone}`)
      const employees = intOption('employees', opts.employees, SEED_LIMITS.employees)
      const days = intOption('days', opts.days, SEED_LIMITS.days)
      const progress = progressReporter()
      let summary: SeedSummary
      try {
        summary = seedDemoTenant(rt.handle, rt.secret, {
          employees,
          days,
          seed: opts.seed,
          timezone: opts.timezone,
          now: Date.now(),
          onProgress: (_step, done, total) => progress.update(done, total),
        })
      } finally {
        progress.stop()
      }
      if (opts.json) return printJson(summary)
      printSummary(summary)
    }),
  )
