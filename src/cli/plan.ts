import { Command } from 'commander'
import { invoke } from '../kernel/operation'
import { systemCtx } from '../runtime'
import { setPlan } from '../modules/tenants/set-plan'
import { PLAN_IDS } from '../modules/tenants/schema'
import { CliError, dataOption, resolveTenant, withRuntime, type DataOpts } from './common'

const set = new Command('set')
  .description(`Move a tenant to another plan (${PLAN_IDS.join(', ')}); emits subscription.plan_changed.`)
  .argument('<plan>', 'plan id')
  .requiredOption('--tenant <id>', 'tenant readable id or slug')
  .addOption(dataOption())
  .action((plan: string, opts: DataOpts & { tenant: string }) =>
    withRuntime(opts, async (rt) => {
      if (!(PLAN_IDS as readonly string[]).includes(plan)) throw new CliError(`Unknown plan "${plan}"; one of ${PLAN_IDS.join(', ')}.`)
      const out = await invoke(setPlan, systemCtx(rt, resolveTenant(rt, opts.tenant)), { plan: plan as (typeof PLAN_IDS)[number] })
      console.log(out.changed ? `Plan changed from ${out.previous_plan} to ${out.plan}.` : `Already on ${out.plan}.`)
    }),
  )

export const planCommand = new Command('plan').description("Manage a tenant's plan.").addCommand(set)
