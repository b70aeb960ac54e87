import { t } from 'elysia'
import type { Static, TObject } from '@sinclair/typebox'
import { At, Day, Email, Int, Num, OrNull, Role, Str, coordinates, maybeCoordinates, person, taskRef, timesheetPeriod } from './catalog-fields'
import { EVENT_NAMES, HIGH_FREQUENCY_EVENTS, type EventName } from './event-names'

/**
 * The event catalogue: for each of the 32 events, what causes it and the schema of its `data`
 * payload. `emitEvent` is typed by it, so an emitter that sends the wrong shape does not compile;
 * GET /api/v1/webhooks/events serves it to integrators.
 */
export interface EventSpec<P extends TObject = TObject> {
  description: string
  payload: P
}

const spec = <P extends TObject>(description: string, payload: P): EventSpec<P> => ({ description, payload })

export const EVENT_CATALOG = {
  'clock.in': spec('A user clocked in: a time log was opened.', t.Object({
    timeLogId: Str('Id of the time log opened.'),
    ...person,
    clockedInAt: At('When the time log starts'),
    officeId: OrNull(Str('Office whose geofence contains the clock-in point, null when none or no coordinates.')),
    officeName: OrNull(Str('Name of that office.')),
    ...maybeCoordinates,
  })),
  'clock.out': spec('A user clocked out: the time log was closed.', t.Object({
    timeLogId: Str('Id of the time log closed.'),
    ...person,
    clockedInAt: At('When the time log started'),
    clockedOutAt: At('When it ended'),
    durationSeconds: Int('Length of the time log, breaks included.'),
    breakSeconds: Int('Time spent on breaks within it.'),
    blocksGenerated: Int('Gap-fill blocks generated for the parts not covered by desktop-agent activity.'),
  })),
  'clock.in.failed': spec('A clock-in was rejected (outside every geofence, outside the shift, failed 2FA, or already clocked in).', t.Object({
    ...person,
    attemptedAt: At('When the clock-in was attempted'),
    reason: t.Union([t.Literal('outside_geofence'), t.Literal('outside_shift'), t.Literal('two_factor_failed'), t.Literal('already_clocked_in')], {
      description: 'Why it was rejected: outside_geofence, outside_shift, two_factor_failed or already_clocked_in.',
    }),
    message: Str('The message the user was shown.'),
    ...maybeCoordinates,
  })),
  'break.started': spec('A user started a break.', t.Object({
    breakId: Str('Id of the break.'),
    timeLogId: Str('Time log the break belongs to.'),
    ...person,
    kind: Str('Kind of break, e.g. meal or rest.'),
    startedAt: At('When the break started'),
  })),
  'break.ended': spec('A user ended a break.', t.Object({
    breakId: Str('Id of the break.'),
    timeLogId: Str('Time log the break belongs to.'),
    ...person,
    kind: Str('Kind of break, e.g. meal or rest.'),
    startedAt: At('When the break started'),
    endedAt: At('When it ended'),
    durationSeconds: Int('Length of the break.'),
  })),
  'idle.detected': spec('A user was idle beyond the configured threshold while clocked in.', t.Object({
    ...person,
    idleStartedAt: At('When the idle stretch began'),
    idleMinutes: Num('Length of the idle stretch so far.'),
    thresholdMinutes: Num('The tenant threshold it exceeded.'),
    detectedAt: At('When it was detected'),
  })),
  'overtime.detected': spec('A user worked more than their scheduled hours for a day or week.', t.Object({
    ...person,
    periodStart: Day('First day of the period measured'),
    periodEnd: Day('Last day of the period measured (same as periodStart for a day)'),
    scheduledHours: Num('Hours scheduled in the period.'),
    workedHours: Num('Hours worked in the period.'),
    overtimeHours: Num('workedHours minus scheduledHours.'),
    detectedAt: At('When it was detected'),
  })),
  'timesheet.submitted': spec('An employee submitted a timesheet for approval.', t.Object({
    ...timesheetPeriod,
    submittedAt: At('When it was submitted'),
  })),
  'timesheet.approved': spec('A manager approved a timesheet. The payload is exactly the one of the specification.', t.Object({
    userEmail: Email('E-mail of the employee whose timesheet was approved.'),
    periodStart: Day('First day of the period'),
    periodEnd: Day('Last day of the period'),
    totalHours: Num('Hours approved, to two decimals.'),
    approvedByEmail: Email('E-mail of the approver.'),
    approvedAt: At('When it was approved'),
  })),
  'timesheet.rejected': spec('A manager rejected a timesheet, with a reason.', t.Object({
    ...timesheetPeriod,
    rejectedByEmail: OrNull(Email('E-mail of the manager who rejected it; null for a tenant-level token.')),
    rejectedAt: At('When it was rejected'),
    reason: Str('The reason given.'),
  })),
  'timesheet.auto_generated': spec('The system generated a timesheet from the time logs of a closed period.', t.Object({
    ...timesheetPeriod,
    generatedAt: At('When it was generated'),
  })),
  'activity.daily_summary': spec('End-of-day activity summary of one user, for their tenant-local date.', t.Object({
    ...person,
    date: Day('The day summarised'),
    totalHours: Num('Hours clocked in.'),
    activeHours: Num('Hours with desktop-agent activity.'),
    idleHours: Num('Hours idle while clocked in.'),
    productivityScore: OrNull(Num('Productivity score 0-100; null without activity data.')),
  })),
  'activity.productivity_drop': spec("A user's productivity score fell below the configured threshold.", t.Object({
    ...person,
    date: Day('The day measured'),
    productivityScore: Num('Score 0-100 of that day.'),
    thresholdScore: Num('The threshold it fell below.'),
    previousScore: OrNull(Num('Score of the previous comparable period, null if unknown.')),
    detectedAt: At('When it was detected'),
  })),
  'location.geofence_entered': spec("A user's location entered an office geofence.", t.Object({
    ...person,
    officeId: Str('Office entered.'),
    officeName: Str('Name of that office.'),
    ...coordinates,
    recordedAt: At('When the location was recorded'),
  })),
  'location.geofence_exited': spec("A user's location left an office geofence.", t.Object({
    ...person,
    officeId: Str('Office left.'),
    officeName: Str('Name of that office.'),
    ...coordinates,
    recordedAt: At('When the location was recorded'),
  })),
  'location.outside_zone': spec('A clocked-in user reported a location outside every office geofence.', t.Object({
    ...person,
    ...coordinates,
    recordedAt: At('When the location was recorded'),
    nearestOfficeId: OrNull(Str('Nearest office, null when the tenant has none.')),
    nearestOfficeName: OrNull(Str('Name of that office.')),
    distanceMeters: OrNull(Num('Distance to the edge of its geofence.')),
  })),
  'task.created': spec('A task was created.', t.Object({
    ...taskRef,
    status: Str('Status, e.g. todo.'),
    priority: Str('Priority: low, medium, high or urgent.'),
    dueDate: OrNull(Day('Due date, null when none')),
    createdByEmail: OrNull(Email('Who created it; null for a tenant-level token or an integration.')),
    createdAt: At('When it was created'),
  })),
  'task.updated': spec('A task changed status, assignee or due date.', t.Object({
    ...taskRef,
    status: Str('Status after the change.'),
    dueDate: OrNull(Day('Due date after the change, null when none')),
    changes: t.Array(t.Object({
      field: Str('Field that changed: status, assigneeUserId or dueDate (others may be added).'),
      from: OrNull(Str('Value before, null when empty.')),
      to: OrNull(Str('Value after, null when empty.')),
    }), { description: 'What changed.' }),
    updatedAt: At('When it changed'),
  })),
  'task.completed': spec('A task was completed.', t.Object({
    ...taskRef,
    completedByEmail: OrNull(Email('Who completed it; null for a tenant-level token.')),
    completedAt: At('When it was completed'),
  })),
  'project.budget_alert': spec("A project's use of its budget reached its alert threshold.", t.Object({
    projectId: Str('Id of the project.'),
    projectName: Str('Name of the project.'),
    budgetHours: OrNull(Num('Budget in hours, null when the budget is in money only.')),
    usedHours: Num('Hours logged on the project.'),
    usedPercent: Num('Share of the budget used, in percent.'),
    thresholdPercent: Num('Alert threshold of the project, in percent.'),
    alertedAt: At('When the threshold was reached'),
  })),
  'user.invited': spec('Someone was invited to join the tenant.', t.Object({
    invitationId: Str('Id of the invitation.'),
    userId: OrNull(Str('Id of the user record created for the invitee, if any.')),
    email: Email('E-mail invited.'),
    name: OrNull(Str('Name given for the invitee.')),
    role: Role('Role the invitee will have.'),
    invitedByEmail: OrNull(Email('Who invited; null for a tenant-level token.')),
    invitedAt: At('When the invitation was sent'),
    expiresAt: At('When it expires'),
  })),
  'user.activated': spec('A user became active (accepted an invitation or was reactivated).', t.Object({
    ...person,
    role: Role('Role of the user.'),
    activatedAt: At('When the user became active'),
  })),
  'user.deactivated': spec('A user was deactivated; their keys stop working.', t.Object({
    ...person,
    deactivatedByEmail: OrNull(Email('Who deactivated them; null for a tenant-level token.')),
    deactivatedAt: At('When it happened'),
  })),
  'user.role_changed': spec("A user's role changed.", t.Object({
    ...person,
    previousRole: Role('Role before.'),
    role: Role('Role after.'),
    changedByEmail: OrNull(Email('Who changed it; null for a tenant-level token.')),
    changedAt: At('When it changed'),
  })),
  'payroll.period_closed': spec('A payroll period was closed; its hours are final.', t.Object({
    payrollPeriodId: Str('Id of the period.'),
    periodStart: Day('First day of the period'),
    periodEnd: Day('Last day of the period'),
    userCount: Int('Employees with hours in the period.'),
    totalHours: Num('Hours in the period.'),
    closedAt: At('When it was closed'),
  })),
  'payroll.export_ready': spec('A pay-run export finished and can be downloaded.', t.Object({
    payRunId: Str('Id of the pay run.'),
    payrollPeriodId: Str('Id of the period it covers.'),
    periodStart: Day('First day of the period'),
    periodEnd: Day('Last day of the period'),
    format: Str('File format, e.g. csv.'),
    rowCount: Int('Rows in the export.'),
    totalAmountCents: Int('Total gross pay in cents.'),
    currency: Str('ISO 4217 currency of the amounts.'),
    checksum: Str('SHA-256 of the file, hex.'),
    completedAt: At('When the export finished'),
  })),
  'subscription.plan_changed': spec("The tenant's plan changed.", t.Object({
    previousPlan: Str('Plan id before: community, starter, professional, business or enterprise.'),
    plan: Str('Plan id after.'),
    changedAt: At('When it changed'),
  })),
  'subscription.trial_ending': spec('The trial ends within 3 days.', t.Object({
    subscriptionId: Str('Id of the subscription.'),
    plan: Str('Plan on trial.'),
    trialEndsAt: At('When the trial ends'),
    daysLeft: Int('Whole days left.'),
  })),
  'subscription.payment_failed': spec('A payment for an invoice failed.', t.Object({
    subscriptionId: Str('Id of the subscription.'),
    invoiceId: Str('Id of the invoice.'),
    invoiceNumber: Str('Invoice number.'),
    amountCents: Int('Amount in cents.'),
    currency: Str('ISO 4217 currency.'),
    failureReason: OrNull(Str('Reason given by the payment processor.')),
    attemptedAt: At('When the payment was attempted'),
  })),
  'security.login_failed': spec('A key was presented with a wrong secret 5 times in a row.', t.Object({
    keyId: Str('Id of the key whose lookup was used.'),
    keyPrefix: Str('Displayable prefix of that key.'),
    keyName: Str('Label of that key.'),
    userId: OrNull(Str('User the key is bound to, null for a tenant-level key.')),
    failedAttempts: Int('Consecutive failures so far.'),
    reason: t.Literal('wrong_secret', { description: 'Why the attempts failed: wrong_secret.' }),
    lastAttemptAt: At('When the last failure happened'),
  })),
  'security.2fa_disabled': spec('Two-factor authentication was turned off for a user.', t.Object({
    ...person,
    disabledByEmail: OrNull(Email('Who turned it off; null when the user did it themselves.')),
    disabledAt: At('When it was turned off'),
  })),
  'security.new_device_login': spec('A user signed in from a device not seen before.', t.Object({
    ...person,
    deviceId: Str('Id of the device.'),
    deviceName: Str('Name the device reported.'),
    platform: Str('Platform, e.g. windows, macos, linux, ios or android.'),
    firstSeenAt: At('When the device was first seen'),
  })),
} satisfies Record<EventName, EventSpec>

export type EventCatalog = typeof EVENT_CATALOG
/** The `data` object of an event, as its emitter must build it. */
export type EventPayload<E extends EventName> = Static<EventCatalog[E]['payload']>

/** Not one of the 32: sent only by POST /webhooks/{id}/test, never fanned out to other subscriptions. */
export const TEST_EVENT = 'webhook.test'
export const TEST_EVENT_SPEC = spec('A test delivery you asked for with POST /api/v1/webhooks/{id}/test. Never sent otherwise.', t.Object({
  subscriptionId: Str('The subscription tested.'),
  message: Str('A fixed greeting.'),
  requestedAt: At('When the test was requested'),
}))
export type TestEventPayload = Static<typeof TEST_EVENT_SPEC.payload>

/** The group of an event is its first name segment (clock, break, timesheet, …). */
export const eventGroup = (name: string): string => name.split('.')[0]!

export const EVENT_GROUPS: string[] = [...new Set(EVENT_NAMES.map(eventGroup))]

export const isHighFrequency = (name: string): boolean => (HIGH_FREQUENCY_EVENTS as readonly string[]).includes(name)
