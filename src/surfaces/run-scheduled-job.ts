import { t } from 'elysia'
import { DomainError } from '../kernel/errors'
import { defineOperation } from '../kernel/operation'
import { Nullable } from '../kernel/schemas'
import { JOBS } from './registry'
import { runJobForTenant } from '../modules/jobs/runner'

/**
 * The console's "run now" for a scheduled job, an operation over the job registry: it lives with
 * the surfaces because the registry composes every module's jobs (modules do not import it).
 */
export const runScheduledJob = defineOperation({
  name: 'run_scheduled_job',
  title: 'Run a scheduled job now',
  description:
    "Runs one tick of a per-company job now for this company only, as `workforce jobs run NAME --tenant T` does (days due and not done, for per-day jobs). Jobs that run once for the whole server are the operator's.",
  access: { role: 'admin', write: true },
  input: t.Object({ name: t.String({ minLength: 1, maxLength: 100 }) }),
  output: t.Object({ name: t.String(), processed: t.Integer(), error: Nullable(t.String()) }),
  async run(ctx, input) {
    const job = JOBS.find((j) => j.name === input.name)
    if (!job) throw new DomainError('not_found', `No job "${input.name}".`, { field: 'name' })
    if (job.each === 'global') {
      throw new DomainError('forbidden', `${job.name} runs once for the whole server; only the operator runs it now (workforce jobs run ${job.name}).`, {
        field: 'name',
      })
    }
    const r = await runJobForTenant(ctx, job, `console:${ctx.requestId}`)
    if (!r.ran) throw new DomainError('conflict', `${job.name} is running right now; try again in a moment.`)
    return { name: job.name, processed: r.outcome?.processed ?? 0, error: r.error }
  },
})
