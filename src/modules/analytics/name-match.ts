/**
 * People and teams a question names, matched against the tenant's own directory. Pure: the
 * caller passes the people and teams it may see. A full name wins over a first or last name; a
 * first or last name shared by several people is reported as ambiguous with every candidate.
 */

export interface NamedPerson {
  id: string
  name: string
  teamId: string | null
}
export interface NamedTeam {
  id: string
  name: string
}

export interface NameMatch<T> {
  /** The words of the question that named it. */
  phrase: string
  /** One entry when the words name one record; several when they are ambiguous. */
  candidates: T[]
}

interface Token {
  word: string
  /** Written with a capital letter in the question. */
  capital: boolean
}

/** Lowercase without accents (García → garcia, Dąbrowski → dabrowski, Wójcik → wojcik). */
export const fold = (s: string): string =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .replace(/ø/g, 'o')
    .replace(/Ø/g, 'O')
    .toLowerCase()

function tokens(text: string): Token[] {
  const out: Token[] = []
  for (const m of text.matchAll(/[\p{L}][\p{L}\p{M}]*(?:[-'’][\p{L}]+)*/gu)) {
    let raw = m[0]
    // Possessives: "Jonas's", "Jonas'", "Priya’s".
    raw = raw.replace(/['’]s$/i, '')
    out.push({ word: fold(raw), capital: /^\p{Lu}/u.test(raw) })
  }
  return out
}

/** Tokens of a name worth matching: middle initials ("K.") are left out. */
const nameTokens = (name: string): string[] =>
  tokens(name)
    .map((t) => t.word)
    .filter((w) => w.length > 1)

/** Finds where `seq` occurs in `words` as consecutive tokens; -1 when it does not. */
function indexOfSeq(words: string[], seq: string[], taken: boolean[]): number {
  outer: for (let i = 0; i + seq.length <= words.length; i++) {
    for (let j = 0; j < seq.length; j++) if (taken[i + j] || words[i + j] !== seq[j]) continue outer
    return i
  }
  return -1
}

/**
 * A single word counts as a name only when written with a capital letter, or when the whole
 * question is written in lower case (people typing fast), so "young" or "grace" in a sentence
 * does not become a person.
 */
const nameLike = (t: Token, allLower: boolean): boolean => t.word.length >= 2 && (t.capital || allLower)

/** Words around a team's name that say it is a team ("the support team", "team Dispatch"). */
const TEAM_WORDS = new Set(['team', 'teams', 'department', 'dept', 'group', 'squad', 'crew', 'unit', 'folks', 'people', 'staff'])
/** Words of team names too generic to name a team alone; a word shared by several teams ("customer") gives choices. */
const GENERIC = new Set(['team', 'teams', 'the', 'and', 'of', 'group', 'department'])
/** Words that never start a person's name in a question. */
const NOT_NAMES = new Set([
  'i',
  'me',
  'my',
  'we',
  'our',
  'you',
  'the',
  'a',
  'an',
  'who',
  'what',
  'how',
  'show',
  'list',
  'give',
  'is',
  'are',
  'did',
  'does',
  'do',
  'can',
])

export interface Matches {
  people: NameMatch<NamedPerson>[]
  teams: NameMatch<NamedTeam>[]
}

/** The teams, then the people, a question names. NamedTeam words are consumed first ("Sales" is a team, not a surname). */
export function matchNames(question: string, people: NamedPerson[], teams: NamedTeam[]): Matches {
  const toks = tokens(question)
  const words = toks.map((t) => t.word)
  const taken = words.map(() => false)
  const allLower = question === question.toLowerCase()
  const take = (at: number, n: number) => {
    for (let k = 0; k < n; k++) taken[at + k] = true
  }

  // Teams: a full name, longest first.
  const teamHits: NameMatch<NamedTeam>[] = []
  const byLength = [...teams].map((t) => ({ t, seq: nameTokens(t.name) })).sort((a, b) => b.seq.length - a.seq.length)
  for (const { t, seq } of byLength) {
    if (seq.length === 0) continue
    const at = indexOfSeq(words, seq, taken)
    if (at < 0) continue
    const teamWordNear = TEAM_WORDS.has(words[at + seq.length] ?? '') || TEAM_WORDS.has(words[at - 1] ?? '')
    // One-word team names ("Sales") are ordinary words too: a capital or a team word must say so.
    if (seq.length === 1 && !toks[at]!.capital && !teamWordNear) continue
    take(at, seq.length)
    teamHits.push({ phrase: seq.join(' '), candidates: [t] })
  }
  // A distinctive word of a team's name next to "team": "the platform team", "support folks".
  for (let i = 0; i < words.length; i++) {
    if (taken[i] || GENERIC.has(words[i]!) || words[i]!.length < 3) continue
    if (!TEAM_WORDS.has(words[i + 1] ?? '') && words[i - 1] !== 'team') continue
    const found = teams.filter((t) => nameTokens(t.name).includes(words[i]!))
    if (found.length === 0) continue
    take(i, 1)
    teamHits.push({ phrase: `${words[i]} ${words[i + 1] ?? ''}`.trim(), candidates: found })
  }

  // People: full names first (every name token, in order), then single first or last names.
  const peopleHits: NameMatch<NamedPerson>[] = []
  const full = people.map((p) => ({ p, seq: nameTokens(p.name) })).sort((a, b) => b.seq.length - a.seq.length)
  const fullByPhrase = new Map<string, NamedPerson[]>()
  for (const { p, seq } of full) {
    if (seq.length < 2) continue
    const first = seq[0]!
    const last = seq[seq.length - 1]!
    const at = indexOfSeq(words, [first, last], taken)
    if (at < 0) continue
    const phrase = `${first} ${last}`
    fullByPhrase.set(phrase, [...(fullByPhrase.get(phrase) ?? []), p])
  }
  for (const [phrase, candidates] of fullByPhrase) {
    const at = indexOfSeq(words, phrase.split(' '), taken)
    if (at < 0) continue
    take(at, 2)
    peopleHits.push({ phrase, candidates })
  }
  for (let i = 0; i < words.length; i++) {
    const t = toks[i]!
    if (taken[i] || NOT_NAMES.has(t.word) || !nameLike(t, allLower) || t.word.length < 3) continue
    const found = people.filter((p) => {
      const seq = nameTokens(p.name)
      return seq[0] === t.word || seq[seq.length - 1] === t.word
    })
    if (found.length === 0) continue
    take(i, 1)
    // A first name shared with a surname ("Jansen"): people whose first name it is come first.
    found.sort((a, b) => Number(nameTokens(b.name)[0] === t.word) - Number(nameTokens(a.name)[0] === t.word) || a.name.localeCompare(b.name))
    peopleHits.push({ phrase: t.word, candidates: found })
  }
  return { people: peopleHits, teams: teamHits }
}
