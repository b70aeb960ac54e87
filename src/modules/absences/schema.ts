import { index, real, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { describeEntity } from '../../kernel/dictionary'
import { flag, instant, localDay, tenantRef, uuidPk } from '../../db/columns'
import { users } from '../users/schema'
import { offices } from '../locations/schema'

export const ABSENCE_KINDS = ['vacation', 'sick', 'other'] as const
export type AbsenceKind = (typeof ABSENCE_KINDS)[number]

export const absences = sqliteTable(
  'absences',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AbsenceKind>().notNull(),
    startDate: localDay('start_date').notNull(),
    endDate: localDay('end_date').notNull(),
    startTime: text('start_time'),
    endTime: text('end_time'),
    hours: real('hours'),
    paid: flag('paid').notNull(),
    note: text('note'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [index('absences_tenant_user_idx').on(t.tenantId, t.userId, t.startDate), index('absences_tenant_date_idx').on(t.tenantId, t.startDate)],
)

export const absencesDoc = describeEntity(absences, {
  entity: 'Absence',
  description:
    'Time off of one person (vacation, sick, other): whole days from start to end date, or part of one day (hours, or local start and end times). Entered by an admin, so always approved.',
  fields: {
    id: 'UUID of the absence.',
    tenantId: 'Owning tenant.',
    userId: 'Who is absent.',
    kind: 'vacation, sick or other.',
    startDate: 'First local date.',
    endDate: 'Last local date, included (equal to start for a part day).',
    startTime: 'Part day: local start time HH:MM.',
    endTime: 'Part day: local end time HH:MM.',
    hours: 'Part day: hours absent (null for whole days).',
    paid: 'Whether payroll pays the absence (vacation and sick by default, other not).',
    note: 'Free text.',
    createdAt: 'When it was entered.',
  },
})

export const holidays = sqliteTable(
  'holidays',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    officeId: text('office_id').references(() => offices.id, { onDelete: 'cascade' }),
    date: localDay('date').notNull(),
    name: text('name').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [index('holidays_tenant_date_idx').on(t.tenantId, t.date)],
)

export const holidaysDoc = describeEntity(holidays, {
  entity: 'Holiday',
  description: 'A company holiday on one local date, for the people of one office (users.home_office_id) or, without an office, for everyone.',
  fields: {
    id: 'UUID of the holiday.',
    tenantId: 'Owning tenant.',
    officeId: 'The office whose people have the day off (null: everyone).',
    date: 'Local date of the holiday.',
    name: 'Name, e.g. New Year.',
    createdAt: 'When it was entered.',
  },
})
