import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { TSchema } from '@sinclair/typebox'
import { EVENT_CATALOG } from '../../src/modules/webhooks/catalog'
import { EVENT_NAMES } from '../../src/modules/webhooks/event-names'

const eventDocs = readFileSync(join(import.meta.dir, '../../docs/webhooks.md'), 'utf8')

describe('the event catalogue', () => {
  test('has a payload schema for each of the 32 events and no other', () => {
    expect(EVENT_NAMES).toHaveLength(32)
    expect(Object.keys(EVENT_CATALOG).sort()).toEqual([...EVENT_NAMES].sort())
  })

  test('documents every payload field, in camelCase', () => {
    for (const name of EVENT_NAMES) {
      const { description, payload } = EVENT_CATALOG[name]
      expect(description.length).toBeGreaterThan(10)
      for (const [key, schema] of Object.entries(payload.properties as Record<string, TSchema>)) {
        expect([name, key, /^[a-z][a-zA-Z0-9]*$/.test(key)]).toEqual([name, key, true])
        const doc = schema.description ?? (schema.anyOf as TSchema[] | undefined)?.map((s) => s.description).find(Boolean)
        expect([name, key, typeof doc === 'string' && doc.length > 3]).toEqual([name, key, true])
      }
    }
  })

  test('timesheet.approved has exactly the fields of the specification', () => {
    expect(Object.keys(EVENT_CATALOG['timesheet.approved'].payload.properties)).toEqual([
      'userEmail',
      'periodStart',
      'periodEnd',
      'totalHours',
      'approvedByEmail',
      'approvedAt',
    ])
  })

  test('docs/webhooks.md lists every event with its payload fields', () => {
    for (const name of EVENT_NAMES) {
      const row = eventDocs.split('\n').find((l) => l.startsWith(`| \`${name}\``))
      expect([name, row !== undefined]).toEqual([name, true])
      for (const key of Object.keys(EVENT_CATALOG[name].payload.properties)) expect([name, row!.includes(`\`${key}\``)]).toEqual([name, true])
    }
  })
})
