/**
 * Routes a free-text question to the tools that answer it, with the arguments to pass. Keyword
 * intents (routing-table.ts), not a model: cheap, predictable and explainable. The time the
 * question names is read in the tenant's calendar (date-phrases.ts); people and teams are matched
 * against the tenant's own directory (name-match.ts). Pure: the caller supplies the world.
 */
import { readWhen } from './date-phrases'
import { matchNames, type NamedPerson, type NamedTeam, type NameMatch } from './name-match'
import { INTENTS, THEMES, type ArgValue, type Choice, type Facts, type Intent, type Theme } from './routing-table'

export { THEMES, type ArgValue, type Choice, type Theme }
export { periodIn } from './date-phrases'

export interface Route {
  tool: string
  theme: Theme
  reason: string
  arguments: Record<string, ArgValue>
  /** Arguments the question names ambiguously: pick one option each. */
  choices: Choice[]
  /** How an argument was read, or why it could not be passed. */
  notes: string[]
  score: number
}

/** What the router may know about the tenant and the caller. */
export interface World {
  /** Today's local date in the tenant's time zone, and that zone. */
  today: string
  tz: string
  /** The people and teams the caller can see (read only when the question may name one). */
  people: () => NamedPerson[]
  teams: () => NamedTeam[]
  /** The caller, when the key is bound to a person: naming yourself is asking about "me". */
  selfId: string | null
  /** Whether a tool is offered on this server (absent tools are never suggested). */
  offered: (tool: string) => boolean
  /** Whether the caller's role may call a tool; tools it may not are ranked last, with a word why. */
  allowed: (tool: string) => { ok: true } | { ok: false; why: string }
}

/** A world without a tenant: UTC today, nobody to match, every tool offered. */
export const bareWorld = (now = Date.now()): World => ({
  today: new Date(now).toISOString().slice(0, 10),
  tz: 'UTC',
  people: () => [],
  teams: () => [],
  selfId: null,
  offered: () => true,
  allowed: () => ({ ok: true }),
})

export interface Resolved {
  when: { phrase: string; from: string; to: string; period: string | null } | null
  people: { phrase: string; candidates: { user_id: string; name: string }[] }[]
  teams: { phrase: string; candidates: { team_id: string; name: string }[] }[]
}

/** What the question says, read once for every intent. */
export function readFacts(question: string, world: World): Facts {
  const q = question.toLowerCase()
  const names = matchNames(question, world.people(), world.teams())
  // "How many hours did Jonas work?" asked by Jonas is a question about "me".
  const aboutCaller = names.people.filter((m) => m.candidates.length === 1 && m.candidates[0]!.id === world.selfId)
  const people = names.people.filter((m) => !aboutCaller.includes(m))
  return {
    q,
    text: question,
    selfId: world.selfId,
    today: world.today,
    tz: world.tz,
    when: readWhen(question, world.today),
    people,
    teams: names.teams,
    self: aboutCaller.length > 0 || /\b(me|my|mine|myself|i|i['’]m|i['’]ve)\b/.test(q),
    email: /[\w.+-]+@[\w-]+(\.[\w-]+)+/.exec(question)?.[0]?.toLowerCase() ?? null,
  }
}

function scoreOf(intent: Intent, f: Facts): number {
  if (intent.unless?.test(f.q)) return 0
  if (intent.needs && !intent.needs(f)) return 0
  const hits = f.q.match(intent.words)?.length ?? 0
  return hits * (intent.weight ?? 1)
}

function routeFor(intent: Intent, f: Facts, score: number): Route {
  const args: Record<string, ArgValue> = {}
  const choices: Choice[] = []
  const notes: string[] = []
  for (const extract of intent.args ?? []) {
    const r = extract(f)
    for (const [k, v] of Object.entries(r.args ?? {})) if (!(k in args)) args[k] = v
    choices.push(...(r.choices ?? []).filter((c) => !(c.argument in args)))
    notes.push(...(r.notes ?? []))
  }
  // Arguments read from the question make a route more specific than one that ignores them.
  const bonus = Object.keys(args).length > 0 || choices.length > 0 ? 0.5 : 0
  return { tool: intent.tool, theme: intent.theme, reason: intent.reason, arguments: args, choices, notes, score: score > 0 ? score + bonus : 0 }
}

const FALLBACK: Route[] = [
  { tool: 'get_dashboard_summary', theme: 'other', reason: 'a general overview to start from', arguments: {}, choices: [], notes: [], score: 0 },
  { tool: 'get_capabilities', theme: 'other', reason: 'what the service can answer', arguments: {}, choices: [], notes: [], score: 0 },
]

/** Ranked routes for a question: best first, one entry per tool, at most `max`. */
export function routeQuestion(question: string, world: World = bareWorld(), max = 3): Route[] {
  return routeWithFacts(question, world, max).routes
}

export function routeWithFacts(question: string, world: World = bareWorld(), max = 3): { routes: Route[]; resolved: Resolved } {
  const f = readFacts(question, world)
  const best = new Map<string, Route>()
  for (const intent of INTENTS) {
    if (!world.offered(intent.tool)) continue
    const score = scoreOf(intent, f)
    if (score === 0) continue
    const route = routeFor(intent, f, score)
    const access = world.allowed(intent.tool)
    if (!access.ok) {
      route.score = Math.round(route.score * 10) / 100
      route.reason = `${route.reason} (${access.why})`
    }
    const prev = best.get(intent.tool)
    if (!prev || prev.score < route.score) best.set(intent.tool, route)
  }
  const ranked = [...best.values()].sort((a, b) => b.score - a.score)
  const routes = ranked.length > 0 ? ranked.slice(0, max) : FALLBACK.filter((r) => world.offered(r.tool))
  return { routes, resolved: resolvedOf(f) }
}

function resolvedOf(f: Facts): Resolved {
  const people = (m: NameMatch<NamedPerson>) => ({ phrase: m.phrase, candidates: m.candidates.map((c) => ({ user_id: c.id, name: c.name })) })
  const teams = (m: NameMatch<NamedTeam>) => ({ phrase: m.phrase, candidates: m.candidates.map((c) => ({ team_id: c.id, name: c.name })) })
  return {
    when: f.when ? { phrase: f.when.phrase, from: f.when.from, to: f.when.to, period: f.when.period ?? null } : null,
    people: f.people.map(people),
    teams: f.teams.map(teams),
  }
}
