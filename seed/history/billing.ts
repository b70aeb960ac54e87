import { DAY, HOUR, addDays, localDate, monthEnd, monthStart } from '../../src/kernel/time'
import type { SeedEnv } from '../env'
import { emit, iso } from '../events'
import type { Company } from '../model'
import { Rng } from '../rng'

/** Professional's price per seat and month, in the plan currency; invoices scale it to the tenant's. */
const PROFESSIONAL_SEAT_CENTS = 2700
const TRIAL_DAYS = 14
const FAILURE_REASON = 'Card declined: insufficient funds'

/**
 * The company was on Professional for months (paid monthly invoices, one failed card payment
 * retried two days later) and started a 14-day Business trial five days ago.
 */
export function writeBilling(env: SeedEnv, company: Company, subscriptionId: string): void {
  const rng = new Rng(env.seed, 20)
  const seats = company.people.filter((p) => p.status === 'active').length
  const trialStart = env.now - 5 * DAY - rng.int(0, 8 * 3600) * 1000
  const trialEndsAt = trialStart + TRIAL_DAYS * DAY
  const createdAt = company.foundedAt + 30 * DAY
  env.w.subscriptions.add({
    id: subscriptionId,
    tenantId: env.tenantId,
    planId: 'business',
    status: 'trialing',
    seats,
    trialEndsAt,
    currentPeriodStart: trialStart,
    currentPeriodEnd: trialEndsAt,
    trialEndingNotifiedAt: null,
    createdAt,
    updatedAt: trialStart,
  })
  emit(env, 'subscription.plan_changed', { previousPlan: 'professional', plan: 'business', changedAt: iso(trialStart) }, trialStart)
  const months: string[] = []
  for (let m = monthStart(addDays(env.firstDay, -60)); m <= localDate(trialStart, env.tz); m = addDays(monthEnd(m), 1)) months.push(m)
  months.forEach((start, i) => {
    const issuedAt = env.cal.at(start, '06:00')
    const id = env.ids.uuid()
    const amount = Math.round(seats * PROFESSIONAL_SEAT_CENTS * Math.max(1, env.region.rateScale))
    const failedFirst = i === months.length - 2
    const paidAt = issuedAt + (failedFirst ? 2 * DAY : rng.int(1, 20) * HOUR)
    const settled = paidAt <= env.now
    const number = `NW-${start.slice(0, 7).replace('-', '')}-${String(1001 + i)}`
    env.w.invoices.add({
      id,
      tenantId: env.tenantId,
      subscriptionId,
      number,
      periodStart: start,
      periodEnd: monthEnd(start),
      amountCents: amount,
      currency: env.region.currency,
      status: settled ? 'paid' : 'open',
      issuedAt,
      paidAt: settled ? paidAt : null,
    })
    if (failedFirst) {
      const failedAt = issuedAt + HOUR
      env.w.payments.add({
        id: env.ids.uuid(),
        tenantId: env.tenantId,
        invoiceId: id,
        amountCents: amount,
        status: 'failed',
        failureReason: FAILURE_REASON,
        attemptedAt: failedAt,
      })
      // Still on Professional then: the trial of Business started later.
      emit(
        env,
        'subscription.payment_failed',
        {
          subscriptionId,
          plan: 'professional',
          invoiceId: id,
          invoiceNumber: number,
          amountCents: amount,
          currency: env.region.currency,
          reason: FAILURE_REASON,
          previousStatus: 'active',
          status: 'past_due',
          failedAt: iso(failedAt),
        },
        failedAt,
      )
    }
    if (settled)
      env.w.payments.add({
        id: env.ids.uuid(),
        tenantId: env.tenantId,
        invoiceId: id,
        amountCents: amount,
        status: 'succeeded',
        failureReason: null,
        attemptedAt: paidAt,
      })
  })
}
