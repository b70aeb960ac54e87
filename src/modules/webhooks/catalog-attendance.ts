import { t } from 'elysia'
import { At, Day, Int, Num, OrNull, Str, coordinates, maybeCoordinates, person } from './catalog-fields'
import { spec } from './event-spec'

/** Events about people at work: clock, breaks, idle, overtime, activity, location (see catalog.ts). */
export const ATTENDANCE_EVENTS = {
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
}
