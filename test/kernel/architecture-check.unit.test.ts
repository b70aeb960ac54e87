import { describe, expect, test } from 'bun:test'
import { findViolations, type Rule, type Source } from '../../scripts/check-architecture'

/** A tiny tree: two modules with a table each, and a kernel file. */
const base: Source[] = [
  { file: 'src/modules/alpha/schema.ts', text: "export const alphas = sqliteTable('alphas', {})" },
  { file: 'src/modules/beta/schema.ts', text: "export const betas = sqliteTable('betas', {})" },
  {
    file: 'src/modules/alpha/queries.ts',
    text: "import { alphas } from './schema'\nexport function listAlphas(c: TenantScope) { return c.db.select().from(alphas) }",
  },
]

const rulesOf = (extra: Source[]): Rule[] => findViolations([...base, ...extra]).map((v) => v.rule)

describe('scripts/check-architecture.ts', () => {
  test('finds nothing in a tree that keeps the rules', () => {
    expect(findViolations(base)).toEqual([])
  })

  test('refuses a table imported outside a queries file', () => {
    expect(rulesOf([{ file: 'src/modules/alpha/list-alphas.ts', text: "import { alphas } from './schema'" }])).toEqual(['table'])
  })

  test("refuses a queries file reading another module's table", () => {
    expect(rulesOf([{ file: 'src/modules/alpha/beta-queries.ts', text: "import { betas } from '../beta/schema'" }])).toEqual(['table'])
  })

  test('refuses a module importing a surface, the console or the CLI', () => {
    expect(rulesOf([{ file: 'src/modules/alpha/list-jobs.ts', text: "import { JOBS } from '../../surfaces/registry'" }])).toEqual(['layer'])
    expect(rulesOf([{ file: 'src/kernel/thing.ts', text: "import { page } from '../console/pages'" }])).toEqual(['layer'])
  })

  test('refuses a query function taking a raw db', () => {
    expect(rulesOf([{ file: 'src/modules/alpha/more-queries.ts', text: 'export function alphaCount(db: DbLike, tenantId: number) {}' }])).toEqual(['raw-db'])
    expect(rulesOf([{ file: 'src/modules/alpha/more-queries.ts', text: 'export const alphaCount = (db: Tx) => 0' }])).toEqual(['raw-db'])
  })

  test('refuses an import cycle, but not a type-only one', () => {
    const cycle = [
      { file: 'src/modules/alpha/a.ts', text: "import { b } from './b'\nexport const a = 1" },
      { file: 'src/modules/alpha/b.ts', text: "import { a } from './a'\nexport const b = 2" },
    ]
    expect(rulesOf(cycle)).toEqual(['cycle'])
    const typeOnly = [cycle[0]!, { file: 'src/modules/alpha/b.ts', text: "import type { a } from './a'\nexport const b = 2" }]
    expect(rulesOf(typeOnly)).toEqual([])
  })

  test("refuses 'as unknown as'", () => {
    expect(rulesOf([{ file: 'src/surfaces/x.ts', text: 'const y = x as unknown as Y' }])).toEqual(['as-unknown'])
  })

  test('refuses a job declared in another shape than defineJob', () => {
    expect(rulesOf([{ file: 'src/modules/alpha/jobs.ts', text: 'export const j: JobDefinition = { name: "x" }' }])).toEqual(['job-shape'])
  })

  test('refuses one exported name declared in two files', () => {
    const twice = [
      { file: 'src/modules/alpha/x.ts', text: 'export function toHours(ms: number) {}' },
      { file: 'src/modules/beta/y.ts', text: 'export const toHours = (s: number) => s' },
    ]
    expect(rulesOf(twice)).toEqual(['same-name'])
  })

  test('refuses a subquery filter that would compare a column with itself, but not a raw statement', () => {
    const hole = (expr: string) => `\${${expr}}`
    const correlated = `const n = sql\`(select count(*) from ${hole('memberships')} m where m.tenant_id = ${hole('teams.tenantId')})\``
    expect(rulesOf([{ file: 'src/modules/alpha/queries.ts', text: correlated }])).toEqual(['self-compare'])
    const reversed = `const n = sql\`(select count(*) from ${hole('memberships')} m where ${hole('teams.tenantId')} = m.tenant_id)\``
    expect(rulesOf([{ file: 'src/modules/alpha/queries.ts', text: reversed }])).toEqual(['self-compare'])
    expect(rulesOf([{ file: 'src/modules/alpha/queries.ts', text: correlated.replace(hole('teams.tenantId'), `${hole('teams')}.tenant_id`) }])).toEqual([])
    const raw = `c.db.run(sql\`insert into x select (select 1 from d where d.user_id = ${hole('s.userId')}) from ${hole('s')}\`)`
    expect(rulesOf([{ file: 'src/modules/alpha/queries.ts', text: raw }])).toEqual([])
  })

  test('refuses an async transaction callback', () => {
    expect(rulesOf([{ file: 'src/modules/alpha/x.ts', text: ['inTransaction(ctx, ', 'async (c) => {})'].join('') }])).toEqual(['async-tx'])
  })

  test('refuses a raw outbox write outside the webhooks module', () => {
    expect(rulesOf([{ file: 'src/modules/alpha/x.ts', text: "emitEvent(tx, 1, 'clock.in', {}, 0)" }])).toEqual(['outbox'])
  })
})
