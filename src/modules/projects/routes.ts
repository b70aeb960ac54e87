import { Elysia } from 'elysia'
import { invoke } from '../../kernel/operation'
import type { Runtime } from '../../runtime'
import { restAuth, restHook } from '../../surfaces/rest'
import { createProject } from './create-project'
import { getProject } from './get-project'
import { getProjectBudget } from './get-project-budget'
import { listProjects } from './list-projects'
import { syncProjects } from './sync-projects'

const tags = ['projects']
const path = ['project_id']

/** /api/v1/projects: projects and budgets; create and sync with a read_write token. */
export const projectsRoutes = (rt: Runtime) =>
  new Elysia({ prefix: '/projects' })
    .use(restAuth(rt))
    .get('/', ({ ctx, query }) => invoke(listProjects, ctx, query), restHook(listProjects, { tags, from: 'query' }))
    .post('/', ({ ctx, body }) => invoke(createProject, ctx, body), restHook(createProject, { tags, status: 201 }))
    .post('/sync', ({ ctx, body }) => invoke(syncProjects, ctx, body), restHook(syncProjects, { tags }))
    .get('/:project_id', ({ ctx, params }) => invoke(getProject, ctx, params), restHook(getProject, { tags, from: 'query', path }))
    .get('/:project_id/budget', ({ ctx, params }) => invoke(getProjectBudget, ctx, params), restHook(getProjectBudget, { tags, from: 'query', path }))
