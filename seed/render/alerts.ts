import type { AlertKind } from '../../src/modules/dashboard/schema'
import { HOUR, MINUTE, addDays } from '../../src/kernel/time'
import { TEMPLATES } from '../catalog/org'
import { SETTINGS, type SeedEnv } from '../env'
import { emit, hours, iso } from '../events'
import type { Person } from '../model'
import type { DayPlan } from '../plan/types'
import type { RunState } from './state'

/** Workload alerts of a finished day and overtime.detected for days longer than scheduled. */
export function dayAlerts(env: SeedEnv, state: RunState, p: Person, date: string, plan: DayPlan): void {
  let worked = 0
  let lastOut = 0
  let autoClosed = false
  for (const log of plan.logs) {
    if (log.out === null) continue
    // Hours worked exclude breaks; the timesheet total (log durations) includes them.
    worked += (log.out - log.in) / 1000
    for (const b of log.breaks) if (b.end !== null) worked -= (b.end - b.start) / 1000
    lastOut = Math.max(lastOut, log.out)
    autoClosed ||= log.status === 'auto_closed'
  }
  const scheduled =
    plan.template === null || plan.scheduleStatus === 'cancelled' ? 0 : (plan.endsAt - plan.startsAt) / 1000 - TEMPLATES[plan.template]!.breakMinutes * 60
  if (worked > scheduled + 3600 && lastOut > 0) {
    const [workedHours, scheduledHours] = [hours(worked), hours(scheduled)]
    emit(
      env,
      'overtime.detected',
      {
        userId: p.id,
        userEmail: p.email,
        periodStart: date,
        periodEnd: date,
        scheduledHours,
        workedHours,
        overtimeHours: Math.round((workedHours - scheduledHours) * 100) / 100,
        detectedAt: iso(lastOut),
      },
      lastOut,
    )
  }
  if (date >= env.today) return
  const template = plan.template === null ? null : TEMPLATES[plan.template]!
  if (template && plan.scheduleStatus === 'scheduled' && plan.logs.length === 0) {
    alert(env, p, date, 'not_clocked_in', 'warning', `${p.name} was scheduled ${template.start}-${template.end} but did not clock in.`, {
      scheduledStart: iso(plan.startsAt),
      scheduledEnd: iso(plan.endsAt),
    })
  }
  const limit = SETTINGS.overtimeDailyHours * 3600
  if (worked > limit) {
    const text = `${p.name} worked ${hours(worked)} h, above the ${SETTINGS.overtimeDailyHours} h daily limit.`
    const forgotten = autoClosed ? ` A clock-out was closed automatically after ${SETTINGS.autoClockOutHours} h; it was probably forgotten.` : ''
    alert(env, p, date, 'unusual_hours', autoClosed || worked > 12 * 3600 ? 'critical' : 'warning', text + forgotten, {
      hoursWorked: hours(worked),
      thresholdHours: SETTINGS.overtimeDailyHours,
      autoClosed,
    })
  }
  state.weekSeconds[p.idx]! += worked
  const week = state.weekSeconds[p.idx]!
  if (!state.overtimeAlerted[p.idx] && week > (p.weeklyHours + 2) * 3600) {
    state.overtimeAlerted[p.idx] = 1
    alert(
      env,
      p,
      date,
      'overtime',
      week > (p.weeklyHours + 6) * 3600 ? 'critical' : 'warning',
      `${p.name} has worked ${hours(week)} h this week against a contract of ${p.weeklyHours} h.`,
      { weekHours: hours(week), contractHours: p.weeklyHours },
    )
  }
}

export function alert(
  env: SeedEnv,
  p: Person,
  date: string,
  kind: AlertKind,
  severity: 'info' | 'warning' | 'critical',
  message: string,
  details: Record<string, unknown>,
): void {
  const createdAt = Math.min(env.cal.midnight(addDays(date, 1)) + 15 * MINUTE, env.now - MINUTE)
  env.w.alerts.add({
    id: env.ids.uuid(),
    tenantId: env.tenantId,
    userId: p.id,
    date,
    kind,
    severity,
    message,
    details,
    createdAt: Math.max(createdAt, env.cal.midnight(date) + HOUR),
  })
}
