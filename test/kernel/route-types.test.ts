import { describe, expect, test } from 'bun:test'
import { t } from 'elysia'
import { defineOperation } from '../../src/kernel/operation'
import { defineRoutes, del, get, INPUT_SOURCE, patch, post, put, type PathParams } from '../../src/kernel/route'

// Type-level checks: `bun run typecheck` fails when a line marked @ts-expect-error compiles.

const getTeam = defineOperation({
  name: 'get_team_example',
  title: 'Get a team',
  description: 'An operation whose input has a team_id.',
  access: { role: 'manager' },
  input: t.Object({ team_id: t.String(), include_members: t.Optional(t.Boolean()) }),
  output: t.Object({ id: t.String() }),
  run: (_ctx, input) => ({ id: input.team_id }),
})

const listMembers = defineOperation({
  name: 'list_members_example',
  title: 'List members',
  description: 'An operation with two path fields.',
  access: { role: 'manager' },
  input: t.Object({ team_id: t.String(), user_id: t.String(), page: t.Optional(t.Integer()) }),
  output: t.Object({}),
  run: () => ({}),
})

const names: PathParams<'/teams/:team_id/members/:user_id'>[] = ['team_id', 'user_id']
// @ts-expect-error a name the path does not have
const stray: PathParams<'/teams/:team_id'> = 'user_id'
const none: PathParams<'/teams'>[] = []

const routes = defineRoutes({ surface: 'rest', prefix: '/teams', tags: ['teams'] }, [
  get('/:team_id', getTeam),
  get('/:team_id/members/:user_id', listMembers),
  post('/:team_id', getTeam, { status: 201 }),
  del('/:team_id', getTeam),
  put('/:team_id', getTeam),
  patch('/:team_id', getTeam),
  // @ts-expect-error :teamId is not a field of get_team_example's input (team_id is)
  get('/:teamId', getTeam),
  // @ts-expect-error :user_id is not a field of get_team_example's input
  get('/:team_id/members/:user_id', getTeam),
])

// @ts-expect-error the client surface has one tag of its own: a group cannot choose tags
defineRoutes({ surface: 'client', prefix: '/client', tags: ['teams'] }, [])

describe('route declarations', () => {
  test('keep method, path, operation and options as data', () => {
    expect(routes.routes.slice(0, 6).map((r) => `${r.method} ${r.path} ${r.op.name}`)).toEqual([
      'GET /:team_id get_team_example',
      'GET /:team_id/members/:user_id list_members_example',
      'POST /:team_id get_team_example',
      'DELETE /:team_id get_team_example',
      'PUT /:team_id get_team_example',
      'PATCH /:team_id get_team_example',
    ])
    expect(routes.routes[2]!.options).toEqual({ status: 201 })
    expect(names).toEqual(['team_id', 'user_id'])
    expect(none).toEqual([])
    expect(String(stray)).toBe('user_id')
  })

  test('reads take their input from the query string, writes from the JSON body', () => {
    expect(INPUT_SOURCE).toEqual({ GET: 'query', DELETE: 'query', POST: 'body', PUT: 'body', PATCH: 'body' })
  })
})
