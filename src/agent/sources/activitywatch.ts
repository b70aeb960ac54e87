/**
 * The ActivityWatch bridge: a SampleSource over a local aw-server's REST API (default
 * http://127.0.0.1:5600). It reads the `aw-watcher-window` and `aw-watcher-afk` buckets of this
 * host, keeps the time when the afk watcher says not-afk (active) or afk (idle), and turns it into
 * the same app-level samples the desktop agent sends.
 *
 * Privacy: an event's title, URL and any other field are read only to classify it with the
 * employee's own ActivityWatch categories (the `classes` setting of aw-server, the rules aw-webui
 * edits), on this machine. Only events whose category the employee chose to share become samples,
 * and a sample carries the application name and nothing else: no title, no URL, no category
 * name. Unshared time is not sent at all, not even as a neutral placeholder.
 *
 * Resumable: the cursor returned with the samples is the instant up to which everything has been
 * turned into samples; the next pull (in this process or after a restart) starts there, and
 * events that straddle it are cut at it, so nothing is sent twice.
 */
import { PRIVATE_APPLICATION, type AgentSample, type SampleSource } from '../collector'

export const DEFAULT_AW_URL = 'http://127.0.0.1:5600'
/** Longest sample the client API takes; longer stretches are split. */
export const MAX_SAMPLE_SECONDS = 3600
/** First run without a `since`: how far back the bridge starts. */
export const DEFAULT_BACKFILL_MS = 24 * 3_600_000

/** An event as aw-server returns it (GET /api/0/buckets/<id>/events). */
export interface AwEvent {
  id?: number
  /** ISO 8601, UTC. */
  timestamp: string
  /** Seconds. */
  duration: number
  data: Record<string, unknown>
}

/** A bucket as aw-server returns it (GET /api/0/buckets/). */
export interface AwBucket {
  id: string
  type: string
  client: string
  hostname: string
  created: string
  name?: string | null
  last_updated?: string
  data?: Record<string, unknown>
}

/** One category of the `classes` setting (aw-webui's category editor). */
export interface AwClass {
  id?: number
  name: string[]
  rule: { type: string; regex?: string; ignore_case?: boolean }
  data?: unknown
}

export interface ActivityWatchOptions {
  /** aw-server base URL, default http://127.0.0.1:5600. */
  url?: string
  /**
   * Categories the employee shares, as aw-webui shows them joined with ">": "Work" shares
   * exactly Work, "Work>*" shares Work and every category below it, "Uncategorized" the events
   * no rule matches. Nothing else is sent.
   */
  shared: string[]
  /** Host whose watcher buckets to read (the `<host>` of `aw-watcher-window_<host>`); default: the server's. */
  host?: string
  /** First run only (no cursor): where to start, ms since the epoch. Default: 24 hours before the first pull. */
  since?: number
  /**
   * Private mode, asked at each pull: the samples of that pull (the last flush interval) are sent
   * as the application "Private" with no window class, as the sampler does.
   */
  isPrivate?: () => boolean
  fetch?: typeof fetch
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1'])

/**
 * The bridge from `workforce agent --source activitywatch` options: `awUrl` (default
 * http://127.0.0.1:5600, loopback only: titles travel from aw-server to the bridge and must not
 * cross a network), `awCategories` (required, e.g. "Work,Work>*"), `awHost`.
 */
export function activityWatchFromCli(cli: Record<string, unknown>, extra: Pick<ActivityWatchOptions, 'isPrivate' | 'since'> = {}): ActivityWatchSource {
  const url = typeof cli.awUrl === 'string' && cli.awUrl ? cli.awUrl : DEFAULT_AW_URL
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new ActivityWatchError(`--aw-url: not a URL: ${url}`)
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new ActivityWatchError(`--aw-url: must be http(s), got ${parsed.protocol}`)
  if (!LOOPBACK.has(parsed.hostname))
    throw new ActivityWatchError(
      `--aw-url: must be this machine (127.0.0.1, localhost or [::1]), got ${parsed.hostname}: window titles would cross the network`,
    )
  const categories = typeof cli.awCategories === 'string' ? cli.awCategories : ''
  const shared = categories
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean)
  if (!shared.length) throw new ActivityWatchError('--aw-categories: choose which ActivityWatch categories to share, e.g. --aw-categories "Work,Work>*"')
  return new ActivityWatchSource({ url, shared, ...(typeof cli.awHost === 'string' && cli.awHost ? { host: cli.awHost } : {}), ...extra })
}

/** Raised when the bridge cannot read what it needs; the caller keeps its cursor and retries. */
export class ActivityWatchError extends Error {
  override name = 'ActivityWatchError'
}

interface Cursor {
  v: 1
  /** Everything before this instant (ms) has been turned into samples. */
  through: number
  window: string
  afk: string
}

export function encodeCursor(c: Cursor): string {
  return JSON.stringify({ v: c.v, through: new Date(c.through).toISOString(), window: c.window, afk: c.afk })
}

export function decodeCursor(raw: string): Cursor {
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    throw new ActivityWatchError(`cursor: not JSON: ${raw.slice(0, 80)}`)
  }
  const p = parsed as Record<string, unknown>
  const through = typeof p.through === 'string' ? Date.parse(p.through) : Number.NaN
  if (p.v !== 1 || !Number.isFinite(through) || typeof p.window !== 'string' || typeof p.afk !== 'string')
    throw new ActivityWatchError(`cursor: not an ActivityWatch bridge cursor: ${raw.slice(0, 80)}`)
  return { v: 1, through, window: p.window, afk: p.afk }
}

// ---- Categories, as aw-server classifies (aw-transform categorize) ---------------------------

export interface CategoryRule {
  name: string[]
  regex: RegExp
}

/**
 * The regex rules of the `classes` setting. A rule whose regex does not compile fails the whole
 * pull (naming the category): skipping it could move its events into a shared parent category.
 */
export function compileCategories(classes: AwClass[]): CategoryRule[] {
  const rules: CategoryRule[] = []
  for (const c of classes) {
    if (!Array.isArray(c.name) || c.name.length === 0 || c.rule?.type !== 'regex' || !c.rule.regex) continue
    let source = c.rule.regex
    let flags = c.rule.ignore_case ? 'i' : ''
    // Rust's regex takes a leading inline (?i); JavaScript wants it as a flag.
    if (source.startsWith('(?i)')) {
      source = source.slice(4)
      flags = 'i'
    }
    try {
      rules.push({ name: c.name.map((n) => n.trim()), regex: new RegExp(source, flags) })
    } catch (e) {
      throw new ActivityWatchError(`category "${c.name.join(' > ')}": regex ${JSON.stringify(c.rule.regex)} does not compile: ${(e as Error).message}`)
    }
  }
  return rules
}

/**
 * The category of an event, as aw-server's `categorize` computes it: a rule matches when its
 * regex matches any string field of the event's data (app, title, url…); of the matching rules
 * the deepest wins, the later one on a tie; none matching is ["Uncategorized"].
 */
export function categoryOf(data: Record<string, unknown>, rules: CategoryRule[]): string[] {
  let category = ['Uncategorized']
  const values = Object.values(data).filter((v): v is string => typeof v === 'string')
  for (const rule of rules) {
    if (values.some((v) => rule.regex.test(v)) && rule.name.length >= category.length) category = rule.name
  }
  return category
}

/** The employee's choice, e.g. "Work,Work>Programming" or "Work>*": a predicate on a category. */
export function sharedCategories(spec: string[] | string): (category: string[]) => boolean {
  const entries = (Array.isArray(spec) ? spec : spec.split(','))
    .map((s) =>
      s
        .split('>')
        .map((p) => p.trim())
        .filter(Boolean),
    )
    .filter((parts) => parts.length > 0)
  return (category) =>
    entries.some((parts) => {
      const subtree = parts[parts.length - 1] === '*'
      const prefix = subtree ? parts.slice(0, -1) : parts
      if (subtree ? category.length < prefix.length : category.length !== prefix.length) return false
      return prefix.every((p, i) => p === category[i])
    })
}

// ---- From events to samples ---------------------------------------------------------------

interface Span {
  start: number
  end: number
}

const startOf = (e: AwEvent): number => Date.parse(e.timestamp)
const endOf = (e: AwEvent): number => Date.parse(e.timestamp) + e.duration * 1000

/** Events as ascending, non-overlapping spans cut to [from, to) (a later event loses its overlap). */
function spans<T>(events: AwEvent[], from: number, to: number, pick: (e: AwEvent) => T | null): (Span & { value: T })[] {
  const out: (Span & { value: T })[] = []
  let last = from
  for (const e of [...events].sort((a, b) => startOf(a) - startOf(b))) {
    const value = pick(e)
    const start = Math.max(startOf(e), from, last)
    const end = Math.min(endOf(e), to)
    if (value === null || !(end > start)) continue
    out.push({ start, end, value })
    last = end
  }
  return out
}

export interface ToSamplesInput {
  window: AwEvent[]
  afk: AwEvent[]
  from: number
  to: number
  rules: CategoryRule[]
  isShared: (category: string[]) => boolean
}

/**
 * Window events intersected with afk status over [from, to): not-afk time is active, afk time is
 * idle, time the afk watcher did not see is dropped (as ActivityWatch's own "active time" does).
 * Only shared categories; the application from the `app` field (also the window class);
 * contiguous stretches of one application merged (titles change inside an application and must
 * not show through the sample boundaries), then split at one hour.
 */
export function toSamples(input: ToSamplesInput): AgentSample[] {
  const windows = spans(input.window, input.from, input.to, (e) => {
    const app = typeof e.data.app === 'string' ? e.data.app.trim().slice(0, 200) : ''
    if (!app) return null
    return input.isShared(categoryOf(e.data, input.rules)) ? app : null
  })
  const afk = spans(input.afk, input.from, input.to, (e) => (e.data.status === 'afk' ? true : e.data.status === 'not-afk' ? false : null))

  const pieces: { app: string; idle: boolean; start: number; end: number }[] = []
  let j = 0
  for (const w of windows) {
    while (j < afk.length && afk[j]!.end <= w.start) j++
    for (let k = j; k < afk.length && afk[k]!.start < w.end; k++) {
      const a = afk[k]!
      const start = Math.max(w.start, a.start)
      const end = Math.min(w.end, a.end)
      if (end <= start) continue
      const prev = pieces[pieces.length - 1]
      if (prev && prev.app === w.value && prev.idle === a.value && start - prev.end < 1) prev.end = end
      else pieces.push({ app: w.value, idle: a.value, start, end })
    }
  }

  const samples: AgentSample[] = []
  for (const p of pieces) {
    for (let start = p.start; start < p.end; start += MAX_SAMPLE_SECONDS * 1000) {
      const end = Math.min(p.end, start + MAX_SAMPLE_SECONDS * 1000)
      const durationSeconds = Math.min(MAX_SAMPLE_SECONDS, Math.round((end - start) / 1000))
      if (durationSeconds < 1) continue
      samples.push({ application: p.app, windowClass: p.app, startedAt: Math.round(start), durationSeconds, idle: p.idle })
    }
  }
  return samples
}

// ---- The source over aw-server's REST API ---------------------------------------------------

export class ActivityWatchSource implements SampleSource {
  readonly name = 'activitywatch'
  private readonly url: string
  private readonly isShared: (category: string[]) => boolean
  private readonly http: typeof fetch

  constructor(private readonly options: ActivityWatchOptions) {
    this.url = (options.url ?? DEFAULT_AW_URL).replace(/\/+$/, '')
    if (!options.shared.length) throw new ActivityWatchError('shared categories: choose at least one ActivityWatch category to share')
    this.isShared = sharedCategories(options.shared)
    this.http = options.fetch ?? fetch
  }

  private async get<T>(path: string): Promise<T> {
    let res: Response
    try {
      res = await this.http(`${this.url}/api/0${path}`, { headers: { accept: 'application/json' } })
    } catch (e) {
      throw new ActivityWatchError(`aw-server at ${this.url} is not reachable: ${(e as Error).message}`)
    }
    if (!res.ok) throw new ActivityWatchError(`aw-server ${path}: HTTP ${res.status} ${(await res.text()).slice(0, 200)}`)
    return (await res.json()) as T
  }

  /** The window and afk buckets of this host: by name for an explicit host, else by type and the server's hostname. */
  async buckets(): Promise<{ window: string; afk: string }> {
    const all = await this.get<Record<string, AwBucket>>('/buckets/')
    const pick = (client: string, type: string, host: string | undefined): string => {
      if (host) {
        const id = `${client}_${host}`
        if (!all[id]) throw new ActivityWatchError(`aw-server has no bucket ${id} (buckets: ${Object.keys(all).join(', ') || 'none'})`)
        return id
      }
      const candidates = Object.entries(all).filter(([id, b]) => b.type === type || id.startsWith(`${client}_`))
      if (candidates.length === 1) return candidates[0]![0]
      if (candidates.length === 0) throw new ActivityWatchError(`aw-server has no ${client} bucket: is ${client} running?`)
      throw new ActivityWatchError(`aw-server has several ${client} buckets (${candidates.map(([id]) => id).join(', ')}): choose the host`)
    }
    let host = this.options.host
    if (!host) {
      const windows = Object.values(all).filter((b) => b.type === 'currentwindow')
      if (windows.length > 1) host = (await this.get<{ hostname: string }>('/info')).hostname
    }
    return { window: pick('aw-watcher-window', 'currentwindow', host), afk: pick('aw-watcher-afk', 'afkstatus', host) }
  }

  /** End of a bucket's newest event: data before it is final (heartbeats only extend the last event). */
  private async lastEnd(bucket: string): Promise<number> {
    const [newest] = await this.get<AwEvent[]>(`/buckets/${encodeURIComponent(bucket)}/events?limit=1`)
    return newest ? endOf(newest) : Number.NEGATIVE_INFINITY
  }

  private async events(bucket: string, from: number, to: number): Promise<AwEvent[]> {
    const q = new URLSearchParams({ start: new Date(from).toISOString(), end: new Date(to).toISOString() })
    return this.get<AwEvent[]>(`/buckets/${encodeURIComponent(bucket)}/events?${q}`)
  }

  private async categories(): Promise<CategoryRule[]> {
    const settings = await this.get<Record<string, unknown>>('/settings')
    const classes = settings.classes
    if (classes === undefined || classes === null) return []
    if (!Array.isArray(classes)) throw new ActivityWatchError('aw-server setting "classes" is not a list of categories')
    return compileCategories(classes as AwClass[])
  }

  async pull(cursor: string | null, until: number): Promise<{ samples: AgentSample[]; cursor: string | null }> {
    const previous = cursor ? decodeCursor(cursor) : null
    const ids = previous ? { window: previous.window, afk: previous.afk } : await this.buckets()
    const from = previous?.through ?? this.options.since ?? until - DEFAULT_BACKFILL_MS
    // Up to where both watchers have reported: the not-yet-reported present is read next time.
    const to = Math.min(until, await this.lastEnd(ids.window), await this.lastEnd(ids.afk))
    if (!(to > from)) return { samples: [], cursor: cursor ?? encodeCursor({ v: 1, through: from, ...ids }) }
    const [rules, window, afk] = await Promise.all([this.categories(), this.events(ids.window, from, to), this.events(ids.afk, from, to)])
    let samples = toSamples({ window, afk, from, to, rules, isShared: this.isShared })
    if (this.options.isPrivate?.()) samples = samples.map((s) => ({ ...s, application: PRIVATE_APPLICATION, windowClass: null }))
    return { samples, cursor: encodeCursor({ v: 1, through: to, ...ids }) }
  }
}
