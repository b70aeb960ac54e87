import { t } from 'elysia'
import { At, Day, Email, IntField, Num, OrNull, Str, coordinates, maybeCoordinates, person } from './catalog-fields'
import { spec } from './event-spec'

/** Events about people at work: clock, breaks, idle, overtime, activity, location (see catalog.ts). */
export const ATTENDANCE_EVENTS = {
  'clock.in': spec(
    'A user clocked in: a time log was opened (MCP clock_in, client or mobile).',
    t.Object({
      timeLogId: Str('Id of the time log opened.'),
      ...person,
      userName: Str('Display name of that user.'),
      clockInAt: At('When the time log starts'),
      source: Str('Where the clock-in came from: mcp, client, mobile, import or seed.'),
      ...maybeCoordinates,
      isWithinGeofence: OrNull(t.Boolean({ description: 'Inside an office geofence; null when no coordinates were sent.' })),
      officeId: OrNull(Str('Office whose geofence contains the point, null when none.')),
      officeName: OrNull(Str('Name of that office.')),
      agentSessionsEnded: IntField('Desktop-agent sessions of the user ended by this clock-in (handover).'),
    }),
  ),
  'clock.out': spec(
    'A user clocked out: the time log was closed and gap-fill blocks generated. Also sent when the gap-fill job closes a forgotten clock-out under the tenant policy (autoClosed true, status auto_closed).',
    t.Object({
      timeLogId: Str('Id of the time log closed.'),
      ...person,
      userName: Str('Display name of that user.'),
      clockInAt: At('When the time log started'),
      clockOutAt: At('When it ended'),
      durationSeconds: IntField('Length of the time log.'),
      blocksGenerated: IntField('Gap-fill blocks generated for the parts not covered by desktop-agent activity.'),
      autoClosed: t.Boolean({
        description: 'True when the clock-out was forgotten and the time log was closed by policy (auto_clock_out_hours or the end of the scheduled shift).',
      }),
      ...maybeCoordinates,
    }),
  ),
  'clock.in.failed': spec(
    'A clock-in was refused (outside every geofence or no location where the tenant enforces geofences; or a missing or wrong two-factor code on a client clock-in; later also shift failures).',
    t.Object({
      ...person,
      reason: t.Union([t.Literal('outside_geofence'), t.Literal('location_required'), t.Literal('outside_shift'), t.Literal('two_factor_failed')], {
        description: 'Why: outside_geofence, location_required (no coordinates under an enforced policy), outside_shift or two_factor_failed.',
      }),
      ...maybeCoordinates,
      nearestOfficeName: OrNull(Str('Nearest office, null when unknown.')),
      distanceMeters: OrNull(Num('Distance to that office, null when unknown.')),
      attemptedAt: At('When the clock-in was attempted'),
    }),
  ),
  'break.started': spec(
    'A user started a break.',
    t.Object({
      breakId: Str('Id of the break.'),
      timeLogId: Str('Time log the break belongs to.'),
      ...person,
      kind: Str('Kind of break: break or lunch.'),
      startedAt: At('When the break started'),
    }),
  ),
  'break.ended': spec(
    'A user ended a break.',
    t.Object({
      breakId: Str('Id of the break.'),
      timeLogId: Str('Time log the break belongs to.'),
      ...person,
      kind: Str('Kind of break: break or lunch.'),
      startedAt: At('When the break started'),
      endedAt: At('When it ended'),
      durationSeconds: IntField('Length of the break.'),
    }),
  ),
  'idle.detected': spec(
    'A user was idle beyond the tenant threshold (reported once per idle stretch, from desktop-agent samples).',
    t.Object({
      ...person,
      startedAt: At('When the idle stretch began'),
      idleSeconds: IntField('Length of the idle stretch.'),
      thresholdSeconds: IntField('The tenant idle threshold it exceeded.'),
    }),
  ),
  'overtime.detected': spec(
    'A user worked more than their scheduled hours for a day or week.',
    t.Object({
      ...person,
      periodStart: Day('First day of the period measured'),
      periodEnd: Day('Last day of the period measured (same as periodStart for a day)'),
      scheduledHours: Num('Hours scheduled in the period.'),
      workedHours: Num('Hours worked in the period.'),
      overtimeHours: Num('workedHours minus scheduledHours.'),
      detectedAt: At('When it was detected'),
    }),
  ),
  'activity.daily_summary': spec(
    'End-of-day activity summary of one user for a tenant-local date; sent again when late samples change it.',
    t.Object({
      userId: Str('Id of the user summarised.'),
      userEmail: OrNull(Email('E-mail of that user, null if the user no longer exists.')),
      date: Day('The day summarised'),
      totalSeconds: IntField('Active time recorded by the desktop agent.'),
      productiveSeconds: IntField('Time in applications categorised productive.'),
      neutralSeconds: IntField('Time in applications categorised neutral.'),
      unproductiveSeconds: IntField('Time in applications categorised unproductive.'),
      idleSeconds: IntField('Idle time, counted apart.'),
      productivityScore: Num('productive / (productive + neutral + unproductive), 0-100.'),
      computedAt: At('When the summary was computed'),
    }),
  ),
  'activity.productivity_drop': spec(
    "A user's productivity score for a day fell below the tenant threshold while their recent baseline was above it.",
    t.Object({
      userId: Str('Id of the user.'),
      userEmail: OrNull(Email('E-mail of that user, null if the user no longer exists.')),
      date: Day('The day measured'),
      productivityScore: Num('Score 0-100 of that day.'),
      baselineScore: Num('Average score of the preceding days, one decimal.'),
      threshold: Num('The tenant threshold (productivity_drop_threshold) it fell below.'),
    }),
  ),
  'location.geofence_entered': spec(
    "A user's location entered an office geofence.",
    t.Object({
      ...person,
      officeId: Str('Office entered.'),
      officeName: Str('Name of that office.'),
      ...coordinates,
      recordedAt: At('When the location was recorded'),
    }),
  ),
  'location.geofence_exited': spec(
    "A user's location left an office geofence.",
    t.Object({
      ...person,
      officeId: Str('Office left.'),
      officeName: Str('Name of that office.'),
      ...coordinates,
      recordedAt: At('When the location was recorded'),
    }),
  ),
  'location.outside_zone': spec(
    'A clocked-in user stayed outside every office geofence for 15 minutes (once per stretch).',
    t.Object({
      ...person,
      ...coordinates,
      recordedAt: At('When the location was recorded'),
      nearestOfficeId: OrNull(Str('Nearest office, null when the tenant has none.')),
      nearestOfficeName: OrNull(Str('Name of that office.')),
      distanceMeters: OrNull(Num('Distance to the edge of its geofence.')),
    }),
  ),
}
