import { describe, expect, test } from 'bun:test'
import { is } from 'drizzle-orm'
import { SQLiteTable, getTableConfig } from 'drizzle-orm/sqlite-core'
import * as schema from '../../src/db/schema'
import { isEntityDoc, toDictionary, type EntityDoc } from '../../src/kernel/dictionary'

const docs = Object.values(schema).filter(isEntityDoc) as EntityDoc[]
const tables = Object.values(schema).filter((v) => is(v, SQLiteTable)) as SQLiteTable[]

describe('data dictionary', () => {
  test('documents every table exactly once', () => {
    const documented = docs.map((d) => getTableConfig(d.table).name).sort()
    expect(documented).toEqual(tables.map((t) => getTableConfig(t).name).sort())
  })

  test('describes every field of every entity with a sentence', () => {
    const entities = toDictionary(docs)
    const blank = entities.flatMap((e) => e.fields.filter((f) => f.description.trim().length < 3).map((f) => `${e.name}.${f.name}`))
    expect(blank).toEqual([])
    expect(entities.every((e) => e.description.length > 10)).toBe(true)
  })

  test('includes the RetentionPolicy entity the spec names', () => {
    const retention = toDictionary(docs).find((e) => e.name === 'RetentionPolicy')
    expect(retention?.fields.map((f) => f.name)).toEqual(['plan_id', 'data_kind', 'retention_days'])
  })
})
