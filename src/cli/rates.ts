import { endPayRate } from '../modules/payroll/end-pay-rate'
import { listPayRateHistory } from '../modules/payroll/list-pay-rate-history'
import { listRateCards } from '../modules/payroll/list-rate-cards'
import { setDefaultPayRate } from '../modules/payroll/set-default-pay-rate'
import { setPayRate } from '../modules/payroll/set-pay-rate'
import { endProjectBillRate } from '../modules/projects/end-project-bill-rate'
import { listProjectBillRates } from '../modules/projects/list-project-bill-rates'
import { setProjectBillRate } from '../modules/projects/set-project-bill-rate'
import { commandGroup, operationCommand } from './operation-command'

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`

const cardLine = (c: {
  id: string
  name: string
  applies_to: string
  hourly_rate_cents: number
  currency: string
  effective_from: string
  effective_to: string | null
  overtime_multiplier: number
}) =>
  `${c.effective_from} → ${c.effective_to ?? 'open'}  ${money(c.hourly_rate_cents, c.currency)}/h  overtime ×${c.overtime_multiplier}  ${c.applies_to}  ${c.name}  (${c.id})`

const written = (out: { rate_card: Parameters<typeof cardLine>[0]; ended: Parameters<typeof cardLine>[0][] }) =>
  [`Rate set: ${cardLine(out.rate_card)}`, ...out.ended.map((e) => `Ended:    ${cardLine(e)}`)].join('\n')

export const ratesCommand = commandGroup('rates', 'Pay rates per person, team, role and tenant default, with history; project bill rates.', [
  operationCommand({ name: 'set', op: setPayRate, print: written }),
  operationCommand({ name: 'default', op: setDefaultPayRate, print: written }),
  operationCommand({ name: 'end', op: endPayRate, print: (c) => `Ended: ${cardLine(c)}` }),
  operationCommand({
    name: 'history',
    op: listPayRateHistory,
    print: (out) =>
      [
        `On ${out.on}: ${out.applies.hourly_rate_cents / 100}/h from ${out.applies.rate_source}${out.applies.rate_card_id ? ` (${out.applies.rate_card_id})` : ''}`,
        ...(out.data.length ? out.data.map(cardLine) : ['No own rates.']),
      ].join('\n'),
  }),
  operationCommand({ name: 'list', op: listRateCards }),
  operationCommand({
    name: 'bill',
    op: setProjectBillRate,
    print: (out) =>
      [
        `Bill rate set: ${out.bill_rate.effective_from} → open  ${money(out.bill_rate.hourly_rate_cents, out.bill_rate.currency)}/h  (${out.bill_rate.id})`,
        ...out.ended.map((e) => `Ended: ${e.effective_from} → ${e.effective_to}  ${money(e.hourly_rate_cents, e.currency)}/h`),
      ].join('\n'),
  }),
  operationCommand({ name: 'bill-history', op: listProjectBillRates }),
  operationCommand({
    name: 'bill-end',
    op: endProjectBillRate,
    print: (b) => `Bill rate ended: ${b.effective_from} → ${b.effective_to}  ${money(b.hourly_rate_cents, b.currency)}/h  (${b.id})`,
  }),
])
