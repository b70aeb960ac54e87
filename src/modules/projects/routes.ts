import { defineRoutes, get, post } from '../../kernel/route'
import { createProject } from './create-project'
import { getProject } from './get-project'
import { getProjectBudget } from './get-project-budget'
import { listProjects } from './list-projects'
import { syncProjects } from './sync-projects'

/** /api/v1/projects: projects and budgets; create and sync with a read_write token. */
export const projectsRoutes = defineRoutes({ surface: 'rest', prefix: '/projects', tags: ['projects'] }, [
  get('/', listProjects),
  post('/', createProject, { status: 201 }),
  post('/sync', syncProjects),
  get('/:project_id', getProject),
  get('/:project_id/budget', getProjectBudget),
])
