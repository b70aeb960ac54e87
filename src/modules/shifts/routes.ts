import { defineRoutes, get } from '../../kernel/route'
import { getShiftTemplate } from './get-shift-template'
import { listSchedules } from './list-schedules'
import { listShiftTemplates } from './list-shift-templates'
import { listUpcomingShifts } from './list-upcoming-shifts'

/** /api/v1/shifts: shift templates, user schedules and upcoming shifts (read-only). */
export const shiftsRoutes = defineRoutes({ surface: 'rest', prefix: '/shifts', tags: ['shifts'] }, [
  get('/templates', listShiftTemplates),
  get('/templates/:template_id', getShiftTemplate),
  get('/schedules', listSchedules),
  get('/upcoming', listUpcomingShifts),
])
