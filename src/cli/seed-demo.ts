import { Command } from 'commander'
import { DEFAULT_SEED_OPTIONS, seedDemoTenant } from '../../seed'
import { isValidTimeZone } from '../kernel/time'
import { CliError, dataOption, printJson, withRuntime, type DataOpts } from './common'

interface SeedOpts extends DataOpts {
  employees: string
  days: string
  seed: string
  timezone: string
  json?: boolean
}

const positiveInt = (name: string, v: string, max: number): number => {
  const n = Number(v)
  if (!Number.isInteger(n) || n < 1 || n > max) throw new CliError(`--${name} must be an integer from 1 to ${max}`)
  return n
}

export const seedDemoCommand = new Command('seed-demo')
  .description('Build a new DEMO-###### tenant with realistic synthetic data and print its keys.')
  .option('--employees <n>', 'number of people', String(DEFAULT_SEED_OPTIONS.employees))
  .option('--days <n>', 'days of history', String(DEFAULT_SEED_OPTIONS.days))
  .option('--seed <s>', 'random seed: the same seed and options give the same content', DEFAULT_SEED_OPTIONS.seed)
  .option('--timezone <tz>', 'IANA time zone of the company', DEFAULT_SEED_OPTIONS.timezone)
  .option('--json', 'print JSON')
  .addOption(dataOption())
  .action((opts: SeedOpts) =>
    withRuntime(opts, (rt) => {
      if (!isValidTimeZone(opts.timezone)) throw new CliError(`Unknown time zone: ${opts.timezone}`)
      const summary = seedDemoTenant(rt.db, rt.secret, {
        employees: positiveInt('employees', opts.employees, 10_000),
        days: positiveInt('days', opts.days, 365),
        seed: opts.seed,
        timezone: opts.timezone,
        now: Date.now(),
      })
      if (opts.json) return printJson(summary)
      console.log(`Demo tenant ${summary.readableId} created in ${(summary.elapsedMs / 1000).toFixed(1)} s`)
      for (const [table, n] of Object.entries(summary.counts)) console.log(`  ${table.padEnd(28)} ${n}`)
      console.log(`Public demo key: ${summary.publicDemoKey}`)
      for (const [role, key] of Object.entries(summary.roleKeys)) console.log(`Demo ${role} key: ${key}`)
    }),
  )
