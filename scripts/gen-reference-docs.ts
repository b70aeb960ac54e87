/**
 * Writes the reference tables of docs/jobs.md (every scheduled job) and docs/webhooks.md (every
 * event and its payload fields) from the registries the server runs on, so neither can drift from
 * the code (test/docs/reference-docs.unit.test.ts fails when one is stale).
 *
 *   bun scripts/gen-reference-docs.ts          # rewrite the generated part of both pages
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { JOBS } from '../src/surfaces/registry'
import { EVENT_CATALOG, isHighFrequency } from '../src/modules/webhooks/catalog'
import { EVENT_NAMES } from '../src/modules/webhooks/event-names'

export const MARKER = '<!-- generated below by scripts/gen-reference-docs.ts: do not edit by hand -->'

const cell = (s: string): string => s.replaceAll('|', '\\|').replaceAll('\n', ' ')

/** A croner pattern (seconds first, UTC) in words, for the patterns the jobs use; else the pattern. */
export function describePattern(pattern: string): string {
  const [sec, min, hour, ...rest] = pattern.split(' ')
  if (rest.some((f) => f !== '*')) return `\`${pattern}\``
  const every = (field: string | undefined) => field?.match(/^\*\/(\d+)$/)?.[1]
  const n = (field: string | undefined) => (field && /^\d+$/.test(field) ? Number(field) : null)
  if (every(sec) && min === '*' && hour === '*') return `every ${every(sec)} s`
  if (n(sec) !== null && min === '*' && hour === '*') return `every minute, at second ${sec}`
  if (n(sec) !== null && every(min) && hour === '*') return `every ${every(min)} min${sec === '0' ? '' : `, at second ${sec}`}`
  if (n(sec) !== null && n(min) !== null && hour === '*') return `hourly, at minute ${min}`
  return `\`${pattern}\``
}

export function jobsTable(): string {
  const rows = JOBS.map((job) => `| \`${job.name}\` | ${describePattern(job.pattern)} | ${cell(job.description)} |`)
  return ['| job | ticks (UTC) | what it does |', '|---|---|---|', ...rows].join('\n')
}

type Schema = { properties?: Record<string, unknown> }

export function eventsTable(): string {
  const rows = EVENT_NAMES.map((name) => {
    const spec = EVENT_CATALOG[name]
    const fields = Object.keys((spec.payload as Schema).properties ?? {}).map((f) => `\`${f}\``)
    return `| \`${name}\`${isHighFrequency(name) ? ' (HF)' : ''} | ${cell(spec.description)} | ${fields.join(', ')} |`
  })
  return ['| event | when | `data` fields |', '|---|---|---|', ...rows].join('\n')
}

export const PAGES = {
  jobs: { path: join(import.meta.dir, '../docs/jobs.md'), generate: () => `${MARKER}\n\n## Every job\n\n${jobsTable()}\n` },
  webhooks: { path: join(import.meta.dir, '../docs/webhooks.md'), generate: () => `${MARKER}\n\n## Every event\n\n${eventsTable()}\n` },
} as const

/** The page with its generated part (everything after the marker) replaced. */
export function render(current: string, generated: string): string {
  const head = current.includes(MARKER) ? current.slice(0, current.indexOf(MARKER)) : `${current.trimEnd()}\n\n`
  return `${head}${generated}`
}

if (import.meta.main) {
  for (const page of Object.values(PAGES)) {
    writeFileSync(page.path, render(readFileSync(page.path, 'utf8'), page.generate()))
    console.log(`wrote ${page.path}`)
  }
}
