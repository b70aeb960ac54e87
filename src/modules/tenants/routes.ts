import { defineRoutes, get } from '../../kernel/route'
import { getCompanySettings } from './get-company-settings'

/** /api/v1/settings: the company settings, read-only for integrators (tokens of an Admin or OwnerAdmin). */
export const settingsRoutes = defineRoutes({ surface: 'rest', prefix: '/settings', tags: ['settings'] }, [get('/', getCompanySettings)])
