import { t } from 'elysia'

/**
 * Field builders shared by the event payload schemas. Payload keys are camelCase (the spec's
 * timesheet.approved sets the style); instants are ISO 8601 UTC strings, dates YYYY-MM-DD in the
 * tenant time zone.
 */
export const At = (description: string) => t.String({ format: 'date-time', description: `${description} (ISO 8601 UTC)` })
export const Day = (description: string) => t.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: `${description} (YYYY-MM-DD, tenant time zone)` })
export const Str = (description: string) => t.String({ description })
export const Email = (description: string) => t.String({ format: 'email', description })
export const Num = (description: string) => t.Number({ description })
export const IntField = (description: string) => t.Integer({ description })
export const OrNull = <T extends Parameters<typeof t.Union>[0][number]>(schema: T) => t.Union([schema, t.Null()])
export const RoleField = (description: string) =>
  t.Union([t.Literal('employee'), t.Literal('manager'), t.Literal('admin'), t.Literal('owner_admin')], { description })

/** Who the event is about: the id for joins, the e-mail for people reading it. */
export const person = {
  userId: Str('Id of the user the event is about.'),
  userEmail: Email('E-mail of that user.'),
}

export const coordinates = {
  latitude: Num('Latitude in degrees (WGS 84).'),
  longitude: Num('Longitude in degrees (WGS 84).'),
}

export const maybeCoordinates = {
  latitude: OrNull(Num('Latitude in degrees, null when the client sent none.')),
  longitude: OrNull(Num('Longitude in degrees, null when the client sent none.')),
}

export const timesheetPeriod = {
  timesheetId: Str('Id of the timesheet.'),
  userId: Str('Id of the employee the timesheet belongs to.'),
  userEmail: Email('E-mail of that employee.'),
  periodStart: Day('First day of the period'),
  periodEnd: Day('Last day of the period'),
  totalHours: Num('Hours recorded in the period, to two decimals.'),
}

export const taskRef = {
  taskId: Str('Id of the task.'),
  title: Str('Title of the task.'),
  status: Str('Status: todo, in_progress, in_review, blocked or done.'),
  priority: Str('Priority: low, medium, high or urgent.'),
  projectId: OrNull(Str('Id of the project, null when the task has none.')),
  assigneeUserId: OrNull(Str('Id of the assignee, null when unassigned.')),
  dueDate: OrNull(Day('Due date, null when none')),
}

/** One changed field of task.updated. */
export const Change = (what: string) =>
  t.Optional(
    t.Object(
      { from: OrNull(Str(`${what} before, null when empty.`)), to: OrNull(Str(`${what} after, null when empty.`)) },
      { description: `Present when the ${what.toLowerCase()} changed.` },
    ),
  )
