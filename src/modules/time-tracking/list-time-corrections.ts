import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { PageInfo, PageQuery, pageInfo, pageWindow } from '../../kernel/schemas'
import { callerUserId } from '../../kernel/access'
import { managerVisibility, scopeUserIds, visibleUser } from '../users/visibility'
import { listCorrectionsPage } from './correction-queries'
import { TimeCorrection, toTimeCorrection } from './time-correction-model'

/** Corrections a manager or admin may see: of one person, or of everyone they see. */
export const listTimeCorrections = defineOperation({
  name: 'list_time_corrections',
  title: 'List time corrections',
  description:
    'Lists time entries added or corrected by managers and admins, newest first, with the reason, before and after, and any adjustment paid in a later period.',
  access: { role: 'manager' },
  input: t.Object({ user_id: t.Optional(t.String({ format: 'uuid', description: 'Only this person' })), ...PageQuery }),
  output: t.Object({ data: t.Array(TimeCorrection), pagination: PageInfo }),
  run(ctx, input) {
    if (input.user_id) visibleUser(ctx, input.user_id)
    const window = pageWindow(input)
    const userIds = scopeUserIds(managerVisibility(ctx), null)
    const { rows, total } = listCorrectionsPage(ctx, { userIds, ...(input.user_id ? { userId: input.user_id } : {}) }, window)
    return { data: rows.map(toTimeCorrection), pagination: pageInfo(window.page, window.pageSize, total) }
  },
})

/** The person sees every correction of their own time. */
export const listMyTimeCorrections = defineOperation({
  name: 'list_my_time_corrections',
  title: 'My time corrections',
  description: 'Lists the corrections managers and admins made to your own time entries, newest first, with their reasons.',
  access: { role: 'employee', userScopedKey: true },
  input: t.Object({ ...PageQuery }),
  output: t.Object({ data: t.Array(TimeCorrection), pagination: PageInfo }),
  run(ctx, input) {
    const window = pageWindow(input)
    const { rows, total } = listCorrectionsPage(ctx, { userIds: null, userId: callerUserId(ctx) }, window)
    return { data: rows.map(toTimeCorrection), pagination: pageInfo(window.page, window.pageSize, total) }
  },
})
