/**
 * Architecture checks run by .ci/run. Each rule keeps a structure that code review alone would let
 * slip; each prints its count, and any violation fails the check (exit 1, one line per violation).
 *
 * 1. Tables are imported only by data-access files (queries.ts, *-queries.ts, schema, src/db,
 *    seed/, tests, scripts), and only the owning module's: another module asks through that
 *    module's exported functions, or through a read model listed in READ_MODELS. Schema files
 *    may name other modules' tables for their foreign keys.
 * 2. Query functions take a tenant scope (kernel/ctx.ts TenantScope), never a raw `db`, except the
 *    global ones listed in GLOBAL_QUERIES, each with the reason it spans tenants.
 * 3. No import cycle between files of src/ (runtime imports; `import type` is erased and orders
 *    nothing at load time; schema files reference each other's tables through drizzle's lazy
 *    `references(() => …)` for foreign keys, so edges between schema files do not count).
 * 4. No `as unknown as` in src/ outside AS_UNKNOWN_ALLOWED (each names what it bridges).
 * 5. One job shape: jobs are declared with `defineJob` only.
 * 6. One name, one meaning: no exported name is declared in two files of src/.
 * 7. No async callback passed to a transaction: bun:sqlite commits at the first await.
 * 8. The outbox is written through `emit(c, …)` / `emitAll(c, …)`; the raw writers stay in webhooks.
 * 9. No correlated subquery compares an aliased column with an interpolated column of the same
 *    name (`m.tenant_id = ${teams.tenantId}`): in a single-table select drizzle renders the outer
 *    column unqualified (`"tenant_id"`), which SQLite binds to `m.tenant_id` itself, so the filter
 *    is always true. Qualify the outer column (`${teams}.tenant_id`). A whole statement run raw
 *    (`c.db.run(sql\`…\`)`) renders columns qualified and is not flagged.
 *
 * `bun scripts/check-architecture.ts [--module NAME]` prints only the violations of one module.
 */
import { Glob } from 'bun'
import { readFileSync } from 'node:fs'
import { dirname, join, normalize, relative } from 'node:path'
import { AS_UNKNOWN_ALLOWED, GLOBAL_QUERIES, READ_MODELS, SAME_NAME_ALLOWED } from './architecture-lists'

const root = join(import.meta.dir, '..')

export interface Source {
  file: string
  text: string
}

async function sources(dirs: string[]): Promise<Source[]> {
  const out: Source[] = []
  for (const dir of dirs) {
    for await (const abs of new Glob(`${dir}/**/*.ts`).scan({ cwd: root, absolute: true })) {
      const file = relative(root, abs)
      if (file.endsWith('.generated.ts')) continue
      out.push({ file, text: readFileSync(abs, 'utf8') })
    }
  }
  return out.sort((a, b) => a.file.localeCompare(b.file))
}

const moduleOf = (file: string): string | null => /^src\/modules\/([\w-]+)\//.exec(file)?.[1] ?? null
const lineOf = (text: string, index: number): number => text.slice(0, index).split('\n').length

/** Which module's schema file declares each table (`export const x = sqliteTable(…)`). */
function tableOwners(all: Source[]): Map<string, string> {
  const owners = new Map<string, string>()
  for (const { file, text } of all) {
    const mod = moduleOf(file)
    if (!mod || !/\/schema\.ts$/.test(file)) continue
    for (const m of text.matchAll(/export const (\w+)\s*=\s*sqliteTable/g)) owners.set(m[1]!, mod)
  }
  return owners
}

const isDataAccess = (file: string) => /(^|\/)(queries|[\w-]+-queries|schema|columns)\.ts$/.test(file) || READ_MODELS.some((r) => r.file === file)
const exempt = (file: string) => file.startsWith('src/db/') || file.startsWith('seed/') || file.startsWith('test/') || file.startsWith('scripts/')

const namedImportRe = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"]([^'"]+)['"]/g
const anyImportRe = /(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.[^'"]+)['"]/g
const typeOnlyImport = (m: RegExpMatchArray) => m[1] !== undefined

function importedNames(list: string): string[] {
  return list
    .split(',')
    .map(
      (s) =>
        s
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]!,
    )
    .filter(Boolean)
}

function resolveImport(from: string, spec: string): string {
  const base = normalize(join(dirname(from), spec))
  return base.endsWith('.ts') ? base : `${base}.ts`
}

export type Rule = 'table' | 'raw-db' | 'cycle' | 'as-unknown' | 'job-shape' | 'same-name' | 'async-tx' | 'outbox' | 'self-compare' | 'layer'
export interface Violation {
  rule: Rule
  file: string
  message: string
}

/** Every violation of the rules above in these files (paths relative to the repository root). */
export function findViolations(all: Source[]): Violation[] {
  const violations: Violation[] = []
  const report = (rule: Rule, file: string, message: string) => violations.push({ rule, file, message })

  const src = all.filter((s) => s.file.startsWith('src/'))
  const owners = tableOwners(all)
  const fileSet = new Set(all.map((s) => s.file))

  // 1. Tables: only data-access files, only the owner's (or a listed read model's).
  for (const { file, text } of all) {
    if (exempt(file)) continue
    const mod = moduleOf(file)
    const readModel = READ_MODELS.find((r) => r.file === file)
    for (const m of text.matchAll(namedImportRe)) {
      if (m[1] || !/schema$/.test(m[3]!)) continue
      for (const name of importedNames(m[2]!)) {
        const owner = owners.get(name)
        if (!owner) continue
        const where = `${file}:${lineOf(text, m.index)}`
        if (!isDataAccess(file)) report('table', file, `${where}: imports table ${name}; move the query into a queries file of module ${owner}`)
        else if (owner !== mod && !/\/schema\.ts$/.test(file) && !readModel?.tables.includes(name))
          report(
            'table',
            file,
            `${where}: reads table ${name} of module ${owner}; call an exported function of ${owner}, or list a read model in scripts/architecture-lists.ts`,
          )
      }
    }
  }

  // 1b. Layers: modules and the kernel import nothing from the surfaces, the console or the CLI
  // (those compose the modules; a module that reached back would know how it is served).
  for (const { file, text } of src) {
    if (!file.startsWith('src/modules/') && !file.startsWith('src/kernel/')) continue
    for (const m of text.matchAll(anyImportRe)) {
      const target = resolveImport(file, m[2]!)
      if (/^src\/(surfaces|console|cli)\//.test(target))
        report(
          'layer',
          file,
          `${file}:${lineOf(text, m.index)}: imports ${target}; modules and the kernel do not depend on how they are served (pass what they need in)`,
        )
    }
  }

  // 2. Query functions take a tenant scope; raw-db ones are listed as global.
  const rawDbRe = /export\s+(?:function\s+(\w+)\s*(?:<[^>]*>)?\s*\(|const\s+(\w+)\s*=\s*(?:<[^>]*>)?\s*\()\s*(\w+)\s*:\s*(DbLike|Db|Tx)\b/g
  for (const { file, text } of src) {
    if (!isDataAccess(file) || file.startsWith('src/db/')) continue
    for (const m of text.matchAll(rawDbRe)) {
      const name = m[1] ?? m[2]!
      if (GLOBAL_QUERIES.some((g) => g.file === file && g.name === name)) continue
      report(
        'raw-db',
        file,
        `${file}:${lineOf(text, m.index)}: ${name} takes a raw ${m[4]}; take a TenantScope (c.tenant, c.db, c.now), or list it in GLOBAL_QUERIES with why it spans tenants`,
      )
    }
  }

  // 3. Import cycles among src/ files (Tarjan's strongly connected components).
  const edges = new Map<string, string[]>()
  for (const { file, text } of src) {
    const targets = [...text.matchAll(anyImportRe)]
      .filter((m) => !typeOnlyImport(m))
      .map((m) => resolveImport(file, m[2]!))
      .filter((t) => fileSet.has(t))
    const isSchema = (f: string) => /\/schema\.ts$/.test(f)
    edges.set(
      file,
      [...new Set(targets)].filter((t) => !(isSchema(file) && isSchema(t))),
    )
  }
  {
    let index = 0
    const idx = new Map<string, number>()
    const low = new Map<string, number>()
    const stack: string[] = []
    const on = new Set<string>()
    const visit = (v: string) => {
      idx.set(v, index)
      low.set(v, index++)
      stack.push(v)
      on.add(v)
      for (const w of edges.get(v) ?? []) {
        if (!idx.has(w)) {
          visit(w)
          low.set(v, Math.min(low.get(v)!, low.get(w)!))
        } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!))
      }
      if (low.get(v) === idx.get(v)) {
        const scc: string[] = []
        let w: string
        do {
          w = stack.pop()!
          on.delete(w)
          scc.push(w)
        } while (w !== v)
        if (scc.length > 1) report('cycle', scc.sort()[0]!, `import cycle: ${scc.sort().join(' <-> ')}`)
      }
    }
    for (const v of edges.keys()) if (!idx.has(v)) visit(v)
  }

  // 4. `as unknown as` only where listed.
  for (const { file, text } of src) {
    for (const m of text.matchAll(/as unknown as/g)) {
      if (AS_UNKNOWN_ALLOWED.some((a) => a.file === file)) continue
      report(
        'as-unknown',
        file,
        `${file}:${lineOf(text, m.index)}: 'as unknown as' lets a wrong value compile; type it, or list it in AS_UNKNOWN_ALLOWED with what it bridges`,
      )
    }
  }

  // 5. One job shape.
  for (const { file, text } of src) {
    for (const m of text.matchAll(/defineTenantDailyJob\(|:\s*JobDefinition(?:\[\])?\s*=\s*[{[]/g)) {
      report('job-shape', file, `${file}:${lineOf(text, m.index)}: declare jobs with defineJob({ name, pattern, each, run })`)
    }
  }

  // 6. One name, one meaning.
  {
    const declared = new Map<string, string[]>()
    const declRe = /^export\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|class|interface|type|enum)\s+(\w+)/gm
    for (const { file, text } of src) {
      if (file.startsWith('src/db/')) continue
      for (const m of text.matchAll(declRe)) {
        const list = declared.get(m[1]!) ?? []
        if (!list.includes(file)) list.push(file)
        declared.set(m[1]!, list)
      }
    }
    for (const [name, files] of declared) {
      if (files.length < 2 || SAME_NAME_ALLOWED.includes(name)) continue
      report('same-name', files[0]!, `${name} is exported by ${files.length} files (${files.join(', ')}); give each meaning its own name`)
    }
  }

  // 7. Synchronous transactions.
  for (const { file, text } of all) {
    for (const m of text.matchAll(/\.?(?:transaction|inTransaction)\s*\(\s*(?:[\w.]+\s*,\s*)?async\b/g)) {
      report('async-tx', file, `${file}:${lineOf(text, m.index)}: async callback passed to a transaction; transactions must be synchronous`)
    }
  }

  // 8. The outbox through emit(c, …).
  for (const { file, text } of src) {
    if (file.startsWith('src/modules/webhooks/')) continue
    for (const m of text.matchAll(/\b(emitEvent|emitEvents)\(/g)) {
      report(
        'outbox',
        file,
        `${file}:${lineOf(text, m.index)}: ${m[1]} takes a raw db and tenant id; use emit(c, type, data) / emitAll(c, list) inside inTransaction`,
      )
    }
  }
  // 9. Correlated subqueries whose filter would compare a column with itself (either side).
  const compareRe = /\b(\w+)\.(\w+)\s*=\s*\$\{\s*(\w+)\.(\w+)\s*\}|\$\{\s*(\w+)\.(\w+)\s*\}\s*=\s*(\w+)\.(\w+)\b/g
  for (const { file, text } of src) {
    for (const m of text.matchAll(compareRe)) {
      const [alias, column, table, field] = m[1] ? [m[1], m[2]!, m[3]!, m[4]!] : [m[7]!, m[8]!, m[5]!, m[6]!]
      if (snakeCase(field) !== column || alias === table) continue
      // A whole statement run raw (`c.db.run(sql\`…\`)`) renders every column qualified.
      const start = text.lastIndexOf('sql`', m.index)
      if (start >= 0 && /\.(run|all|get|values)\(\s*$/.test(text.slice(Math.max(0, start - 20), start))) continue
      report(
        'self-compare',
        file,
        `${file}:${lineOf(text, m.index)}: ${m[0]} renders as ${alias}.${column} = "${column}" in a single-table select, which compares ${alias}.${column} with itself; write \${${table}}.${column}`,
      )
    }
  }
  return violations
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`)

/**
 * The comparisons in SQL text (as drizzle sends it) of an aliased column with a bare quoted
 * identifier of the same name, `m.tenant_id = "tenant_id"`: SQLite binds the bare name to the
 * alias's own column, so such a filter is always true. Tests run it over the SQL of real queries.
 */
export function selfComparisons(sqlText: string): string[] {
  return [...sqlText.matchAll(/\b\w+\.(\w+)\s*=\s*"(\w+)"(?!\s*\.)/g)].filter((m) => m[1] === m[2]).map((m) => m[0])
}

if (import.meta.main) {
  const moduleFilter = process.argv.includes('--module') ? process.argv[process.argv.indexOf('--module') + 1] : null
  const all = await sources(['src', 'seed', 'scripts', 'test'])
  const violations = findViolations(all)
  const owners = tableOwners(all)

  const shown = moduleFilter ? violations.filter((v) => moduleOf(v.file) === moduleFilter) : violations
  for (const v of shown) console.error(`[${v.rule}] ${v.message}`)
  const count = (rule: Rule) => violations.filter((v) => v.rule === rule).length
  const surfacesAsUnknown = violations.filter((v) => v.rule === 'as-unknown' && v.file.startsWith('src/surfaces/')).length
  console.log(
    [
      `raw-db query functions outside the global list: ${count('raw-db')} (global: ${GLOBAL_QUERIES.length})`,
      `foreign or misplaced table imports: ${count('table')}`,
      `'as unknown as' in src/surfaces: ${surfacesAsUnknown}, elsewhere in src: ${count('as-unknown') - surfacesAsUnknown}`,
      `job declarations not in the one shape: ${count('job-shape')}`,
      `same-name exports: ${count('same-name')}`,
      `import cycles: ${count('cycle')}`,
      `raw outbox writes outside webhooks: ${count('outbox')}`,
      `async transaction callbacks: ${count('async-tx')}`,
      `subquery filters comparing a column with itself: ${count('self-compare')}`,
      `modules or kernel importing a surface, the console or the CLI: ${count('layer')}`,
    ].join('\n'),
  )
  if (violations.length) {
    console.error(`architecture check: ${violations.length} violation(s)`)
    process.exit(1)
  }
  console.log(`architecture check: ok (${owners.size} tables in ${new Set(owners.values()).size} modules)`)
}
