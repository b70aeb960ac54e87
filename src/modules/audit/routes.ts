import { defineRoutes, get } from '../../kernel/route'
import { listAuditLog } from './list-audit-log'

/** The audit trail, read-only for integrators (tokens of an Admin or OwnerAdmin). */
export const auditRoutes = defineRoutes({ surface: 'rest', prefix: '/audit-log', tags: ['audit'] }, [get('/', listAuditLog)])
