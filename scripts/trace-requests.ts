/**
 * Which source files one warm request crosses, measured rather than read: each scenario of
 * scripts/trace/requests.trace.ts runs once and twice under `bun test --coverage`, and the files
 * whose line counts grew between the two runs are the ones the extra request executed (start-up,
 * lazy compilation and first-use caches fall in both runs and cancel out). docs/architecture.md
 * quotes its output for clock_out (MCP), GET /api/v1/activity/summary and the daily summaries job.
 *
 *   bun scripts/trace-requests.ts [clock_out|activity_summary|daily_summaries_job ...]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const ROOT = join(import.meta.dir, '..')
const TRACES = ['clock_out', 'activity_summary', 'daily_summaries_job']
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : TRACES

function cli(dataDir: string, args: string[]): string {
  const run = Bun.spawnSync(['bun', 'src/main.ts', ...args, '--data', dataDir], { cwd: ROOT, env: { ...process.env, WORKFORCE_LOG_LEVEL: 'silent' } })
  if (run.exitCode !== 0) throw new Error(`workforce ${args.join(' ')} failed: ${run.stderr.toString()}`)
  return run.stdout.toString()
}

const match = (text: string, re: RegExp, what: string): string => {
  const m = re.exec(text)
  if (!m) throw new Error(`no ${what} in:\n${text}`)
  return m[1]!
}

/** A data directory with a demo tenant (history to summarise) and a production tenant (a person to clock out). */
function prepare(dataDir: string) {
  const demoTenant = match(cli(dataDir, ['seed-demo', '--employees', '12', '--days', '4']), /Demo tenant (DEMO-\d+)/, 'demo tenant')
  const liveKey = match(
    cli(dataDir, ['tenant', 'create', '--name', 'Trace', '--owner-email', 'o@trace.test', '--owner-name', 'Owner']),
    /Live key[^:]*: (wf_live_\w+)/,
    'live key',
  )
  const apiToken = match(cli(dataDir, ['keys', 'create', '--tenant', demoTenant, '--kind', 'api', '--scope', 'read']), /(wf_api_\w+)/, 'api token')
  const date = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
  return { demoTenant, liveKey, apiToken, date }
}

/** Hit counts per file and line from an lcov report. */
function lineHits(lcovFile: string): Map<string, Map<number, number>> {
  const out = new Map<string, Map<number, number>>()
  let lines: Map<number, number> | null = null
  for (const row of readFileSync(lcovFile, 'utf8').split('\n')) {
    if (row.startsWith('SF:')) out.set(row.slice(3), (lines = new Map()))
    else if (row.startsWith('DA:') && lines) {
      const [line, hits] = row.slice(3).split(',').map(Number)
      lines.set(line!, hits!)
    }
  }
  return out
}

function coverageOf(trace: string, repeat: number, dataDir: string, env: object): Map<string, Map<number, number>> {
  const dir = mkdtempSync(join(tmpdir(), 'wf-trace-cov-'))
  const run = Bun.spawnSync(['bun', 'test', '--coverage', '--coverage-reporter=lcov', `--coverage-dir=${dir}`, './scripts/trace/requests.trace.ts'], {
    cwd: ROOT,
    env: { ...process.env, TRACE_NAME: trace, TRACE_REPEAT: String(repeat), TRACE_DATA: dataDir, TRACE_ENV: JSON.stringify(env) },
  })
  if (run.exitCode !== 0) throw new Error(`trace ${trace} x${repeat} failed:\n${run.stdout}\n${run.stderr}`)
  const hits = lineHits(join(dir, 'lcov.info'))
  rmSync(dir, { recursive: true, force: true })
  return hits
}

for (const trace of wanted) {
  const dataDir = mkdtempSync(join(tmpdir(), 'wf-trace-'))
  const env = prepare(dataDir)
  const once = coverageOf(trace, 1, dataDir, env)
  rmSync(dataDir, { recursive: true, force: true })
  // A fresh copy of the same data for the second run, so both start from the same state.
  const dataDir2 = mkdtempSync(join(tmpdir(), 'wf-trace-'))
  const env2 = prepare(dataDir2)
  const twice = coverageOf(trace, 2, dataDir2, env2)
  rmSync(dataDir2, { recursive: true, force: true })
  const crossed = [...twice]
    .filter(([file]) => file.startsWith('src/'))
    .filter(([file, lines]) => [...lines].some(([line, hits]) => hits > (once.get(file)?.get(line) ?? 0)))
    .map(([file]) => file)
    .sort()
  console.log(`${trace}: ${crossed.length} files`)
  for (const file of crossed) console.log(`  ${file}`)
}
