import { Command } from 'commander'
import { isDate, parseInstant, toIsoOrNull } from '../kernel/time'
import { JOBS } from '../surfaces/registry'
import { nextRunAfter } from '../surfaces/jobs'
import { refusedRunOption, runJobTick, type JobRunOptions } from '../modules/jobs/runner'
import { lastRunOf, listJobStates } from '../modules/jobs/queries'
import { CliError, dataOption, printJson, resolveTenant, withRuntime, type DataOpts } from './common'

const list = new Command('list')
  .description('List every job with its schedule, last run, next run and last error.')
  .option('--json', 'print JSON')
  .addOption(dataOption())
  .action((opts: DataOpts & { json?: boolean }) =>
    withRuntime(opts, (rt) => {
      const states = new Map(listJobStates(rt.db).map((s) => [s.jobName, s]))
      const rows = JOBS.map((job) => {
        const state = states.get(job.name)
        return {
          name: job.name,
          pattern: job.pattern,
          last_run: toIsoOrNull(state?.lastRunAt ?? lastRunOf(rt.db, job.name)?.startedAt),
          next_run: toIsoOrNull(state?.nextRunAt ?? nextRunAfter(job.pattern, Date.now())),
          last_error: state?.lastError ?? null,
          description: job.description,
        }
      })
      if (opts.json) return printJson(rows)
      for (const r of rows)
        console.log(`${r.name.padEnd(32)} last ${r.last_run ?? 'never'}  next ${r.next_run ?? '-'}  ${r.last_error ? `error: ${r.last_error}` : 'ok'}`)
    }),
  )

interface RunOpts extends DataOpts {
  tenant?: string
  date?: string
  now?: string
}

const run = new Command('run')
  .description('Run one job now (a tick at --now, or one tenant-local --date for daily jobs).')
  .argument('<name>', 'job name as shown by `workforce jobs list`')
  .option('--tenant <id>', 'only this tenant (readable id or slug)')
  .option('--date <YYYY-MM-DD>', 'run this tenant-local date (daily jobs), even if already done')
  .option('--now <iso>', 'the clock the job sees (default: now)')
  .addOption(dataOption())
  .action((name: string, opts: RunOpts) =>
    withRuntime(opts, async (rt) => {
      const job = JOBS.find((j) => j.name === name)
      if (!job) throw new CliError(`No job "${name}". Jobs: ${JOBS.map((j) => j.name).join(', ')}`)
      if (opts.date && !isDate(opts.date)) throw new CliError('--date must be YYYY-MM-DD')
      let now = Date.now()
      if (opts.now) {
        try {
          now = parseInstant(opts.now)
        } catch {
          throw new CliError('--now must be an ISO 8601 instant')
        }
      }
      const options: JobRunOptions = {
        ...(opts.tenant ? { tenantId: resolveTenant(rt, opts.tenant).id } : {}),
        ...(opts.date ? { date: opts.date } : {}),
      }
      const refused = refusedRunOption(job, options)
      if (refused) throw new CliError(refused)
      const result = await runJobTick(rt, job, now, (t) => nextRunAfter(job.pattern, t), options)
      if (!result.ran) throw new CliError(`${name} is running in another process (lease held); try again later.`)
      if (result.error) throw new CliError(`${name} failed: ${result.error}`)
      console.log(`${name}: processed ${result.outcome?.processed ?? 0}`)
    }),
  )

export const jobsCommand = new Command('jobs').description('Scheduled jobs: list them, or run one now.').addCommand(list, { isDefault: true }).addCommand(run)
