/** The 32 webhook events of the spec. Payload schemas live in the event catalogue. */
export const EVENT_NAMES = [
  'clock.in',
  'clock.out',
  'clock.in.failed',
  'break.started',
  'break.ended',
  'idle.detected',
  'overtime.detected',
  'timesheet.submitted',
  'timesheet.approved',
  'timesheet.rejected',
  'timesheet.auto_generated',
  'activity.daily_summary',
  'activity.productivity_drop',
  'location.geofence_entered',
  'location.geofence_exited',
  'location.outside_zone',
  'task.created',
  'task.updated',
  'task.completed',
  'project.budget_alert',
  'user.invited',
  'user.activated',
  'user.deactivated',
  'user.role_changed',
  'payroll.period_closed',
  'payroll.export_ready',
  'subscription.plan_changed',
  'subscription.trial_ending',
  'subscription.payment_failed',
  'security.login_failed',
  'security.2fa_disabled',
  'security.new_device_login',
] as const

export type EventName = (typeof EVENT_NAMES)[number]

/** Delivered only when a subscription names them (or their group pattern) explicitly. */
export const HIGH_FREQUENCY_EVENTS: readonly EventName[] = EVENT_NAMES.filter(
  (e) => e === 'clock.in' || e === 'clock.out' || e.startsWith('break.') || e.startsWith('location.'),
)
