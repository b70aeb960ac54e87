import { Command } from 'commander'
import { invoke } from '../kernel/operation'
import { systemCtxFor } from '../runtime'
import { recordFailedPayment } from '../modules/billing/record-failed-payment'
import { dataOption, printJson, resolveTenant, withRuntime, type DataOpts } from './common'

interface PaymentFailedOpts extends DataOpts {
  tenant: string
  reason?: string
  json?: boolean
}

const paymentFailed = new Command('payment-failed')
  .description('Record that the current invoice could not be paid: invoice failed, subscription past_due, emits subscription.payment_failed.')
  .requiredOption('--tenant <id>', 'tenant readable id (WF-123456) or slug')
  .option('--reason <reason>', 'failure reason from the payment provider', 'card_declined')
  .option('--json', 'print JSON')
  .addOption(dataOption())
  .action((opts: PaymentFailedOpts) =>
    withRuntime(opts, async (rt) => {
      const out = await invoke(recordFailedPayment, systemCtxFor(rt, resolveTenant(rt, opts.tenant)), opts.reason ? { reason: opts.reason } : {})
      if (opts.json) return printJson(out)
      console.log(
        `Payment of invoice ${out.invoice_number} (${(out.amount_cents / 100).toFixed(2)} ${out.currency}) failed: ${out.reason}. Subscription is now past_due.`,
      )
    }),
  )

export const billingCommand = new Command('billing').description("Operator actions on a tenant's billing.").addCommand(paymentFailed)
