import { Command } from 'commander'
import { parseInstant, toIso } from '../kernel/time'
import { runDeliveryPass } from '../modules/webhooks/pass'
import { CliError, dataOption, printJson, withRuntime, type DataOpts } from './common'

interface DeliverOpts extends DataOpts {
  now?: string
  json?: boolean
}

/** The clock of an operator pass: real time, or the instant given with --now (plus elapsed time). */
function clockFrom(now: string | undefined): () => number {
  if (!now) return Date.now
  let base: number
  try {
    base = parseInstant(now)
  } catch {
    throw new CliError(`--now must be an ISO 8601 instant such as 2026-03-01T09:00:00Z, got "${now}"`)
  }
  const started = performance.now()
  return () => base + Math.round(performance.now() - started)
}

const deliver = new Command('deliver')
  .description(
    'Run one webhook pass now: fan new events out and send every attempt due at the clock (--now to act as if it were that instant, e.g. to run retries).',
  )
  .option('--now <iso>', 'act as if the time were this instant (ISO 8601)')
  .option('--json', 'print JSON')
  .addOption(dataOption())
  .action((opts: DeliverOpts) =>
    withRuntime(opts, async (rt) => {
      const clock = clockFrom(opts.now)
      const at = toIso(clock())
      const sum = await runDeliveryPass({ db: rt.db, allowCidrs: rt.config.webhookAllowCidrs, log: rt.log, secrets: rt.secrets, clock })
      if (opts.json) return printJson({ now: at, ...sum })
      console.log(`Delivery pass at ${at}:`)
      console.log(`  events fanned out: ${sum.fanned_out_events} (${sum.deliveries_created} deliveries created)`)
      console.log(`  attempts sent: ${sum.attempted} (${sum.succeeded} succeeded, ${sum.retry_scheduled} to retry, ${sum.failed} failed for good)`)
      if (sum.disabled_subscriptions.length) console.log(`  subscriptions disabled: ${sum.disabled_subscriptions.join(', ')}`)
      if (sum.lost_leases) console.log(`  attempts whose lease expired before they were recorded: ${sum.lost_leases}`)
    }),
  )

export const webhooksCommand = new Command('webhooks').description('Operate webhook delivery.').addCommand(deliver)
