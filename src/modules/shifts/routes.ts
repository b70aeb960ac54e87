import { Elysia } from 'elysia'
import { invoke } from '../../kernel/operation'
import type { Runtime } from '../../runtime'
import { restAuth, restHook } from '../../surfaces/rest'
import { getShiftTemplate } from './get-shift-template'
import { listSchedules } from './list-schedules'
import { listShiftTemplates } from './list-shift-templates'
import { listUpcomingShifts } from './list-upcoming-shifts'

const tags = ['shifts']
const from = 'query' as const

/** /api/v1/shifts: shift templates, user schedules and upcoming shifts (read-only). */
export const shiftsRoutes = (rt: Runtime) =>
  new Elysia({ prefix: '/shifts' })
    .use(restAuth(rt))
    .get('/templates', ({ ctx, query }) => invoke(listShiftTemplates, ctx, query), restHook(listShiftTemplates, { tags, from }))
    .get('/templates/:template_id', ({ ctx, params }) => invoke(getShiftTemplate, ctx, params), restHook(getShiftTemplate, { tags, from, path: ['template_id'] }))
    .get('/schedules', ({ ctx, query }) => invoke(listSchedules, ctx, query), restHook(listSchedules, { tags, from }))
    .get('/upcoming', ({ ctx, query }) => invoke(listUpcomingShifts, ctx, query), restHook(listUpcomingShifts, { tags, from }))
