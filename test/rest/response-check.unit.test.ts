/**
 * perf-rest-rl: Elysia no longer Cleans and checks every JSON answer against its schema in
 * production (rest-hook.ts keeps the success schema for the OpenAPI document only). Under test
 * the answers are still checked, strictly: the schema's own check and no undeclared field.
 */
import { describe, expect, test } from 'bun:test'
import { t, ValidationError } from 'elysia'
import { CHECK_RESPONSES, compileResponseCheck, hasUnknownFields, pureSchema } from '../../src/surfaces/rest-validation'

const Item = t.Object({ id: t.String({ format: 'uuid' }), at: t.String({ format: 'date-time' }), note: t.Union([t.Object({ text: t.String() }), t.Null()]) })
// As rest-routes.ts compiles it: Elysia's numeric types made plain (pureSchema).
const Page = pureSchema(t.Object({ data: t.Array(Item), total: t.Integer() }))
const good = { data: [{ id: '3f1e0c1a-2b3c-4d5e-8f90-123456789abc', at: '2026-11-23T10:00:00.000Z', note: null }], total: 1 }

describe('REST answers checked under test', () => {
  test('tests run with the check on (NODE_ENV=test, inherited by the servers they spawn)', () => {
    expect(process.env.NODE_ENV).toBe('test')
    expect(CHECK_RESPONSES).toBe(true)
  })

  test('a valid answer passes; a wrong type or an undeclared field at any depth is a response ValidationError', () => {
    const check = compileResponseCheck(Page)
    expect(() => check(good)).not.toThrow()
    expect(() => check({ ...good, total: '1' })).toThrow(ValidationError)
    expect(() => check({ data: [{ ...good.data[0], at: 'yesterday' }], total: 1 })).toThrow(ValidationError)
    expect(() => check({ ...good, secret: 1 })).toThrow(ValidationError)
    expect(() => check({ data: [{ ...good.data[0], hash: 'x' }], total: 1 })).toThrow(ValidationError)
    expect(() => check({ data: [{ ...good.data[0], note: { text: 'a', extra: true } }], total: 1 })).toThrow(ValidationError)
  })

  test('undeclared fields are found through arrays and nullable objects, and only there', () => {
    expect(hasUnknownFields(Page, good)).toBe(false)
    expect(hasUnknownFields(Page, { data: [{ ...good.data[0], note: { text: 'a' } }], total: 1 })).toBe(false)
    expect(hasUnknownFields(Page, { data: [{ ...good.data[0], note: { text: 'a', x: 1 } }], total: 1 })).toBe(true)
    expect(hasUnknownFields(t.Object({}, { additionalProperties: true }), { anything: 1 })).toBe(false)
  })
})
