import { describe, expect, test } from 'bun:test'
import { t } from 'elysia'
import { Value } from '@sinclair/typebox/value'
import { convertQuery, inputErrors, pureSchema } from '../../src/surfaces/rest-validation'
import { PageQuery } from '../../src/kernel/schemas'

const Query = t.Object({ status: t.Optional(t.Union([t.Literal('open'), t.Literal('closed')])), ...PageQuery }, { additionalProperties: false })

describe('REST input validation', () => {
  test('pureSchema turns Elysia’s numeric-string integers back into plain integers', () => {
    const pure = pureSchema(Query)
    expect(JSON.parse(JSON.stringify(pure.properties.page))).toEqual({
      minimum: 1,
      maximum: 1000000,
      default: 1,
      description: 'Page number, from 1 to 1000000',
      type: 'integer',
    })
    expect(Value.Check(pure, { page: '2' })).toBe(false)
    expect(Value.Check(pure, { page: 2 })).toBe(true)
  })

  test('query strings are converted before they are checked', () => {
    const pure = pureSchema(Query)
    expect(inputErrors(pure, { page: '2', page_size: '100' }, 'query')).toEqual([])
    const q: Record<string, unknown> = { page: '3' }
    convertQuery(pure, q)
    expect(q).toEqual({ page: 3 })
  })

  test('names each bad field once, with what it must be', () => {
    expect(inputErrors(pureSchema(Query), { page: '0', status: 'pending', pagesize: '5' }, 'query')).toEqual([
      { field: 'pagesize', message: 'is not a known field' },
      { field: 'status', message: 'must be one of: open, closed' },
      { field: 'page', message: 'must be an integer at least 1 and at most 1000000' },
    ])
  })

  test('required, nullable, nested and calendar checks in bodies', () => {
    const Body = pureSchema(
      t.Object({
        title: t.String({ minLength: 1 }),
        due: t.Optional(t.Union([t.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }), t.Null()])),
        items: t.Optional(t.Array(t.Object({ n: t.Integer() }), { maxItems: 2 })),
      }),
    )
    expect(inputErrors(Body, { due: 5, items: [{ n: 1.5, x: 1 }] }, 'body')).toEqual([
      { field: 'items.0.x', message: 'is not a known field' },
      { field: 'title', message: 'is required' },
      { field: 'due', message: 'must be a date YYYY-MM-DD or null' },
      { field: 'items.0.n', message: 'must be an integer' },
    ])
    expect(inputErrors(Body, { title: 'x', due: '2026-02-29' }, 'body')).toEqual([{ field: 'due', message: 'is not a real calendar date' }])
    expect(inputErrors(Body, { title: 'x', due: null }, 'body')).toEqual([])
    expect(inputErrors(Body, [1], 'body')).toEqual([{ field: 'body', message: 'must be a JSON object' }])
  })
})

describe('string formats after the OpenAPI plugin is loaded', () => {
  test('uuid and date-time keep Elysia’s own checks, not the plugin’s per-call Zod schemas', async () => {
    await import('../../src/surfaces/http')
    const { FormatRegistry } = await import('@sinclair/typebox')
    const uuid = FormatRegistry.Get('uuid')!
    expect(String(uuid)).not.toContain('safeParse')
    expect(String(uuid)).not.toContain('string3')
    expect(uuid('5f0f7e1e-3f4c-4d2b-9a8e-1b2c3d4e5f60')).toBe(true)
    expect(uuid('5f0f7e1e-3f4c-4d2b-9a8e')).toBe(false)
    expect(FormatRegistry.Get('date-time')!('2026-01-31T09:00:00Z')).toBe(true)
  })
})
