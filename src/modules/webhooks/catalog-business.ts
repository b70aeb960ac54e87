import { t } from 'elysia'
import { At, Change, Day, Email, IntField, Num, OrNull, RoleField, Str, person, taskRef, timesheetPeriod } from './catalog-fields'
import { spec } from './event-spec'

/** Events about records: timesheets, tasks, projects, users, payroll, billing, security (see catalog.ts). */
export const BUSINESS_EVENTS = {
  'timesheet.submitted': spec(
    'An employee submitted a timesheet for approval.',
    t.Object({
      ...timesheetPeriod,
      submittedAt: At('When it was submitted'),
    }),
  ),
  'timesheet.approved': spec(
    'A manager approved a timesheet. The payload is exactly the one of the specification.',
    t.Object({
      userEmail: Email('E-mail of the employee whose timesheet was approved.'),
      periodStart: Day('First day of the period'),
      periodEnd: Day('Last day of the period'),
      totalHours: Num('Hours approved, to two decimals.'),
      approvedByEmail: Email('E-mail of the approver.'),
      approvedAt: At('When it was approved'),
    }),
  ),
  'timesheet.rejected': spec(
    'A manager rejected a timesheet, with a reason; the employee fixes it and submits again.',
    t.Object({
      timesheetId: Str('Id of the timesheet.'),
      userEmail: Email('E-mail of the employee.'),
      periodStart: Day('First day of the period'),
      periodEnd: Day('Last day of the period'),
      totalHours: Num('Hours recorded in the period, to two decimals.'),
      rejectedByEmail: Email('E-mail of the manager or admin who rejected it.'),
      rejectedAt: At('When it was rejected'),
      reason: Str('The reason given, shown to the employee.'),
    }),
  ),
  'timesheet.auto_generated': spec(
    'The system generated a timesheet from the time logs of a closed period.',
    t.Object({
      ...timesheetPeriod,
      generatedAt: At('When it was generated'),
    }),
  ),
  'task.created': spec(
    'A task was created (REST, MCP or an integration).',
    t.Object({
      ...taskRef,
      createdAt: At('When it was created'),
    }),
  ),
  'task.updated': spec(
    'A task changed status, assignee or due date (other edits send nothing).',
    t.Object({
      ...taskRef,
      changes: t.Object(
        {
          status: Change('Status'),
          assigneeUserId: Change('Assignee id'),
          dueDate: Change('Due date'),
        },
        { description: 'What changed, by field; only the changed fields are present.' },
      ),
      updatedAt: At('When it changed'),
    }),
  ),
  'task.completed': spec(
    'A task reached status done.',
    t.Object({
      ...taskRef,
      completedAt: At('When it was completed'),
    }),
  ),
  'project.budget_alert': spec(
    "A project's use of its hours or money budget reached its alert threshold (sent once per crossing).",
    t.Object({
      projectId: Str('Id of the project.'),
      name: Str('Name of the project.'),
      thresholdPercent: Num('Alert threshold of the project, in percent.'),
      budgetHours: OrNull(Num('Budget in hours, null when none.')),
      usedHours: Num('Hours logged on the project.'),
      hoursPercentUsed: OrNull(Num('Share of the hours budget used, in percent; null without an hours budget.')),
      budgetAmountCents: OrNull(IntField('Budget in cents of the tenant currency, null when none.')),
      usedAmountCents: Num('Cost of the hours logged, in cents, from the rate cards.'),
      amountPercentUsed: OrNull(Num('Share of the money budget used, in percent; null without a money budget.')),
      currency: Str('ISO 4217 currency of the amounts.'),
      reachedAt: At('When the threshold was reached'),
    }),
  ),
  'user.invited': spec(
    'Someone was invited to join the tenant (MCP invite_staff); the invitation email is queued.',
    t.Object({
      ...person,
      userName: OrNull(Str('Name given for the invitee, null when none.')),
      invitationId: Str('Id of the invitation.'),
      role: RoleField('Role the invitee will have.'),
      displayRole: Str('Role as shown to people, e.g. Employee.'),
      invitedByUserId: OrNull(Str('Who invited; null for a tenant-level key.')),
      invitedByEmail: OrNull(Email('E-mail of that person.')),
      invitedAt: At('When the invitation was created'),
      expiresAt: At('When it expires'),
    }),
  ),
  'user.activated': spec(
    'A user became active: accepted an invitation, was reactivated, or was added active by an operator or admin.',
    t.Object({
      ...person,
      via: t.Union([t.Literal('invitation'), t.Literal('reactivation'), t.Literal('added')], {
        description: 'invitation (accepted), reactivation (by an admin) or added (created active).',
      }),
      userName: t.Optional(Str('Display name (via added).')),
      role: t.Optional(RoleField('Role of the user (via added).')),
      teamId: t.Optional(OrNull(Str('Team the user was added to (via added), null when none.'))),
      invitationId: t.Optional(Str('The invitation accepted (via invitation).')),
      activatedByEmail: t.Optional(OrNull(Email('The admin who reactivated the user (via reactivation); null for a tenant-level token.'))),
      activatedAt: At('When the user became active'),
    }),
  ),
  'user.deactivated': spec(
    'A user was deactivated; their keys stop working.',
    t.Object({
      ...person,
      previousStatus: Str('Status before: active or invited.'),
      deactivatedByEmail: OrNull(Email('Who deactivated them; null for a tenant-level token.')),
      deactivatedAt: At('When it happened'),
    }),
  ),
  'user.role_changed': spec(
    "A user's role changed.",
    t.Object({
      ...person,
      previousRole: RoleField('Role before.'),
      role: RoleField('Role after.'),
      changedByEmail: OrNull(Email('Who changed it; null for a tenant-level token.')),
      changedAt: At('When it changed'),
    }),
  ),
  'payroll.period_closed': spec(
    'A payroll period was closed; its hours are final.',
    t.Object({
      payrollPeriodId: Str('Id of the period.'),
      periodStart: Day('First day of the period'),
      periodEnd: Day('Last day of the period'),
      userCount: IntField('Employees with hours in the period.'),
      totalHours: Num('Hours in the period.'),
      closedAt: At('When it was closed'),
    }),
  ),
  'payroll.export_ready': spec(
    'A pay-run export finished and can be downloaded.',
    t.Object({
      payRunId: Str('Id of the pay run.'),
      payrollPeriodId: Str('Id of the period it covers.'),
      periodStart: Day('First day of the period'),
      periodEnd: Day('Last day of the period'),
      format: Str('File format, e.g. csv.'),
      rowCount: IntField('Rows in the export.'),
      totalAmountCents: IntField('Total gross pay in cents.'),
      currency: Str('ISO 4217 currency of the amounts.'),
      checksum: Str('SHA-256 of the file, hex.'),
      downloadUrl: Str('Path of the file on this API: GET it with a REST token.'),
      completedAt: At('When the export finished'),
    }),
  ),
  'subscription.plan_changed': spec(
    "The tenant's plan changed.",
    t.Object({
      previousPlan: Str('Plan id before: community, starter, professional, business or enterprise.'),
      plan: Str('Plan id after.'),
      changedAt: At('When it changed'),
    }),
  ),
  'subscription.trial_ending': spec(
    'The trial ends within 3 days (sent once per trial).',
    t.Object({
      subscriptionId: Str('Id of the subscription.'),
      plan: Str('Plan on trial.'),
      trialEndsAt: At('When the trial ends'),
      daysRemaining: IntField('Whole days left, rounded up.'),
    }),
  ),
  'subscription.payment_failed': spec(
    'A payment for an invoice failed; the subscription is past due.',
    t.Object({
      subscriptionId: Str('Id of the subscription.'),
      plan: Str('Plan of the subscription.'),
      invoiceId: Str('Id of the invoice.'),
      invoiceNumber: Str('Invoice number.'),
      amountCents: IntField('Amount in cents.'),
      currency: Str('ISO 4217 currency.'),
      reason: Str('Why it failed, as the payment provider said (e.g. card_declined).'),
      previousStatus: Str('Subscription status before (e.g. active or trialing).'),
      status: Str('Subscription status after: past_due.'),
      failedAt: At('When the payment failed'),
    }),
  ),
  'security.login_failed': spec(
    'A key was presented with a wrong secret 5 times in a row, or a console sign-in of a person failed 5 times in a row (the account is then throttled).',
    t.Object({
      keyId: OrNull(Str('Id of the key whose lookup was used; null for a console password sign-in.')),
      keyPrefix: OrNull(Str('Displayable prefix of that key; null for a console password sign-in.')),
      keyName: OrNull(Str('Label of that key; null for a console password sign-in.')),
      userId: OrNull(Str('User the key is bound to (or who tried to sign in), null for a tenant-level key.')),
      email: t.Optional(Email('E-mail typed at the console sign-in (console password sign-ins only).')),
      ipAddress: t.Optional(OrNull(Str('Address the last console sign-in attempt came from (console password sign-ins only).'))),
      failedAttempts: IntField('Consecutive failures so far.'),
      reason: t.Union([t.Literal('wrong_secret'), t.Literal('wrong_password')], {
        description: 'Why the attempts failed: wrong_secret (a key) or wrong_password (console sign-in).',
      }),
      lastAttemptAt: At('When the last failure happened'),
    }),
  ),
  'security.2fa_disabled': spec(
    'Two-factor authentication was turned off for a user, by themselves or by an admin reset.',
    t.Object({
      ...person,
      disabledByUserId: OrNull(Str('Who turned it off; null when not a user (a tenant-level token).')),
      disabledByEmail: OrNull(Email('E-mail of that person.')),
      reason: t.Union([t.Literal('user_request'), t.Literal('admin_reset')], { description: 'user_request (the user turned it off) or admin_reset.' }),
      disabledAt: At('When it was turned off'),
    }),
  ),
  'security.new_device_login': spec(
    'A user signed in from a device not seen before (a desktop agent registered a new device).',
    t.Object({
      ...person,
      deviceId: Str('Id of the device.'),
      deviceName: Str('Name the device reported.'),
      platform: Str('Platform: windows, macos or linux.'),
      registeredAt: At('When the device was first seen'),
    }),
  ),
}
