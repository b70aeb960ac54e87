import { Command } from 'commander'
import { invoke } from '../kernel/operation'
import { systemCtxFor } from '../runtime'
import { setPlan } from '../modules/tenants/set-plan'
import { PLAN_IDS } from '../modules/tenants/schema'
import { CliError, dataOption, resolveTenant, withRuntime, type DataOpts } from './common'

const set = new Command('set')
  .description(`Move a tenant to another plan (${PLAN_IDS.join(', ')}); emits subscription.plan_changed.`)
  .argument('<plan>', 'plan id')
  .requiredOption('--tenant <id>', 'tenant readable id or slug')
  .option('--trial-days <n>', 'put the tenant on a trial of the plan for n days (subscription.trial_ending 3 days before the end)')
  .addOption(dataOption())
  .action((plan: string, opts: DataOpts & { tenant: string; trialDays?: string }) =>
    withRuntime(opts, async (rt) => {
      if (!(PLAN_IDS as readonly string[]).includes(plan)) throw new CliError(`Unknown plan "${plan}"; one of ${PLAN_IDS.join(', ')}.`)
      const trialDays = opts.trialDays === undefined ? undefined : Number(opts.trialDays)
      if (trialDays !== undefined && !Number.isInteger(trialDays)) throw new CliError(`--trial-days takes a whole number of days, not "${opts.trialDays}".`)
      const out = await invoke(setPlan, systemCtxFor(rt, resolveTenant(rt, opts.tenant)), {
        plan: plan as (typeof PLAN_IDS)[number],
        ...(trialDays !== undefined ? { trial_days: trialDays } : {}),
      })
      console.log(out.changed ? `Plan changed from ${out.previous_plan} to ${out.plan}.` : `Already on ${out.plan}.`)
      if (out.trial_ends_at) console.log(`On trial until ${out.trial_ends_at}.`)
    }),
  )

export const planCommand = new Command('plan').description("Manage a tenant's plan.").addCommand(set)
