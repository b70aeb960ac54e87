import { defineRoutes, get } from '../../kernel/route'
import { getUser } from './get-user'
import { getUserStatus } from './get-user-status'
import { listUsers } from './list-users'

/** /api/v1/users: people, profiles and where they are now (read-only: tokens never manage accounts). */
export const usersRoutes = defineRoutes({ surface: 'rest', prefix: '/users', tags: ['users'] }, [
  get('/', listUsers),
  get('/:user_id', getUser),
  get('/:user_id/status', getUserStatus),
])
