import { describe, expect, test } from 'bun:test'
import { Elysia, t } from 'elysia'
import { Value } from '@sinclair/typebox/value'
import { fullFormats } from 'elysia/type-system/format'
import { compileDateCheck, convertQuery, inputErrors, pureSchema, usualDateTimeFirst } from '../../src/surfaces/rest-validation'
import { PageQuery } from '../../src/kernel/schemas'
import { checkedAlready } from '../../src/surfaces/rest-hook'

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

describe('the compiled calendar check', () => {
  const Day = t.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })
  const Body = pureSchema(
    t.Object({
      title: t.String(),
      due: t.Optional(t.Union([Day, t.Null()])),
      steps: t.Optional(t.Array(t.Object({ on: Day, note: t.Optional(t.String()) }))),
      plan: t.Optional(t.Object({ from: Day, to: t.Optional(Day) })),
    }),
  )
  const names = (v: unknown) => inputErrors(Body, v, 'body').some((e) => e.message === 'is not a real calendar date')

  test('says what the full walk says, for every valid value', () => {
    const days = ['2026-02-28', '2026-02-29', '2024-02-29', '2026-04-31', '2026-12-31', '2026-13-01', '0000-01-01']
    const check = compileDateCheck(Body)!
    let bad = 0
    for (const a of days)
      for (const b of days)
        for (const value of [
          { title: 'x' },
          { title: 'x', due: a },
          { title: 'x', due: null },
          { title: 'x', steps: [{ on: a }, { on: b, note: 'n' }] },
          { title: 'x', plan: { from: a, to: b } },
          { title: 'x', due: a, plan: { from: b } },
        ]) {
          expect(Value.Check(Body, value)).toBe(true)
          expect(check(value)).toBe(names(value))
          if (check(value)) bad++
        }
    expect(bad).toBeGreaterThan(100)
  })

  test('is no check at all for a schema without a date field', () => {
    expect(compileDateCheck(t.Object({ at: t.String({ format: 'date-time' }), samples: t.Array(t.Object({ n: t.Integer() })) }))).toBeNull()
  })
})

describe('the date-time check', () => {
  const elysia = fullFormats['date-time'] as (value: string) => boolean
  const fast = usualDateTimeFirst(elysia)

  test('answers as Elysia’s own check does', () => {
    const parts = {
      year: ['2024', '2026', '1900', '2000', '0000', '20266'],
      month: ['00', '01', '02', '12', '13', '1'],
      day: ['00', '01', '28', '29', '30', '31', '32'],
      t: ['T', 't', ' '],
      hour: ['00', '23', '24', '9'],
      minute: ['00', '59', '60'],
      second: ['00', '59', '60', '61', '59.', '59.999', '60.5', '5a', '59.999999999', '59.9999999999999999', '58.99999999999999999'],
      zone: ['Z', 'z', '+02:00', '-23:59', '+24:00', '+01:60', '+0200', '', '+02', 'Zx'],
    }
    let checked = 0
    let accepted = 0
    for (const year of parts.year)
      for (const month of parts.month)
        for (const day of parts.day)
          for (const t of parts.t)
            for (const hour of parts.hour)
              for (const minute of parts.minute)
                for (const second of parts.second)
                  for (const zone of parts.zone) {
                    const value = `${year}-${month}-${day}${t}${hour}:${minute}:${second}${zone}`
                    if (fast(value) !== elysia(value)) throw new Error(`${value}: Elysia says ${elysia(value)}`)
                    checked++
                    if (elysia(value)) accepted++
                  }
    expect(checked).toBe(6 * 6 * 7 * 3 * 4 * 3 * 11 * 10)
    expect(accepted).toBeGreaterThan(1000)
    expect(fast('2026-01-31T09:00:00Z')).toBe(true)
    expect(fast('2026-02-29T09:00:00Z')).toBe(false)
  })
})

describe('the input Elysia gets', () => {
  test('is not checked a second time by Elysia, and keeps its defaults', async () => {
    const Body = t.Object({ n: t.Integer(), tag: t.String({ default: 'none' }) })
    const app = new Elysia().post('/echo', ({ body }) => body, { body: checkedAlready(Body) })
    // A body the schema refuses goes through: only the route's own transform (rest-hook.ts) checks it.
    const res = await app.handle(new Request('http://localhost/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":"x"}' }))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ n: 'x', tag: 'none' })
    const checked = new Elysia().post('/echo', ({ body }) => body, { body: Body })
    const refused = await checked.handle(
      new Request('http://localhost/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":"x"}' }),
    )
    expect(refused.status).toBe(422)
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
