import { addDays, localParts } from '../../src/kernel/time'
import { DISPATCH_ROTATION, T, TEMPLATES } from '../catalog/org'
import type { SeedEnv } from '../env'
import type { Company, Person } from '../model'
import { Rng } from '../rng'
import { isPersona } from '../company/lifecycle'
import { templateInstants } from '../../src/modules/shifts/materialize'

export type Attendance = 'present' | 'absent'

/**
 * Who is scheduled when. Besides each person's pattern it holds the few overrides that make
 * "now" lively at any hour: dispatchers on the shift covering now (clocked in), and people whose
 * shift has started but who have not clocked in.
 */
export class Roster {
  readonly live = new Set<number>()
  readonly missing = new Set<number>()
  /** One clocked-in person is on a break right now. */
  onBreakNow = -1
  private readonly overrides = new Map<string, number | null>()
  private readonly forced = new Map<string, Attendance>()

  constructor(
    private readonly env: SeedEnv,
    private readonly company: Company,
  ) {
    this.chooseLive()
    this.chooseMissing()
  }

  template(p: Person, date: string): number | null {
    const key = `${p.idx}|${date}`
    if (this.overrides.has(key)) return this.overrides.get(key)!
    const base = this.baseTemplate(p, date)
    if (base !== null || !this.inOvertimeSpike(p, date)) return base
    // Peak season: dispatchers pick up extra shifts on their days off.
    const rng = new Rng(this.env.seed, 11, p.idx, this.env.cal.dayNumber(date))
    return rng.chance(0.35) ? this.rotation(p, date) : null
  }

  attendance(p: Person, date: string): Attendance | undefined {
    return this.forced.get(`${p.idx}|${date}`)
  }

  inOvertimeSpike(p: Person, date: string): boolean {
    return p.team === this.company.personas.overtimeTeam && p.role === 'employee' && date > addDays(this.env.today, -14)
  }

  /** Start and end instants of a template on a date: the product's rule (overnight shifts end the next day). */
  times(template: number, date: string): [number, number] {
    const t = TEMPLATES[template]!
    const { startsAt, endsAt } = templateInstants(date, t.start, t.end, (d, hhmm) => this.env.cal.at(d, hhmm))
    return [startsAt, endsAt]
  }

  private baseTemplate(p: Person, date: string): number | null {
    if (p.status === 'invited' || (p.activeFrom !== null && date < p.activeFrom) || (p.activeTo !== null && date > p.activeTo)) return null
    const weekday = this.env.cal.weekday(date)
    if (p.pattern === 'dispatch' && p.role === 'employee') return p.daysOff.includes(weekday) ? null : this.rotation(p, date)
    return TEMPLATES[p.template]!.days.includes(weekday) ? p.template : null
  }

  private rotation(p: Person, date: string): number {
    return DISPATCH_ROTATION[(this.env.cal.weekNumber(date) + p.idx) % DISPATCH_ROTATION.length]!
  }

  /** The dispatch shift running at `now`, and the local date it started on. */
  private covering(): { template: number; date: string } {
    const { hour, minute } = localParts(this.env.now, this.env.tz)
    const m = hour * 60 + minute
    if (m >= 360 && m < 840) return { template: T.dispatch_early!, date: this.env.today }
    if (m >= 840 && m < 1320) return { template: T.dispatch_late!, date: this.env.today }
    return { template: T.dispatch_night!, date: m < 360 ? addDays(this.env.today, -1) : this.env.today }
  }

  private chooseLive(): void {
    const cover = this.covering()
    const team = this.company.teams[this.company.personas.overtimeTeam]!
    for (const idx of team.members.slice(0, 3)) {
      if (this.onBreakNow < 0) this.onBreakNow = idx
      this.live.add(idx)
      this.overrides.set(`${idx}|${addDays(cover.date, -1)}`, null)
      this.overrides.set(`${idx}|${cover.date}`, cover.template)
      this.overrides.set(`${idx}|${addDays(cover.date, 1)}`, null)
      this.forced.set(`${idx}|${cover.date}`, 'present')
    }
  }

  /** Two people whose shift today has started (or is forced to have started) and who are not in. */
  private chooseMissing(): void {
    const { env, company } = this
    const rng = new Rng(env.seed, 12)
    const due = (t: number | null) => t !== null && this.times(t, env.today)[0] <= env.now - 20 * 60_000 && this.times(t, env.today)[1] > env.now + 600_000
    const candidates = company.people.filter(
      (p) => !isPersona(company, p.idx) && !this.live.has(p.idx) && due(this.template(p, env.today)) && !onVacation(p, env.today),
    )
    let chosen = rng.shuffle(candidates).slice(0, 2)
    const cover = this.covering()
    if (chosen.length === 0 && cover.date === env.today) {
      const pool = company.people.filter(
        (p) =>
          p.role === 'employee' &&
          !isPersona(company, p.idx) &&
          p.status === 'active' &&
          p.activeFrom === null &&
          !this.live.has(p.idx) &&
          p.team !== company.personas.overtimeTeam,
      )
      chosen = rng.shuffle(pool).slice(0, 2)
      for (const p of chosen) this.overrides.set(`${p.idx}|${env.today}`, cover.template)
    }
    for (const p of chosen) {
      this.missing.add(p.idx)
      this.forced.set(`${p.idx}|${env.today}`, 'absent')
    }
  }
}

export const onVacation = (p: Person, date: string): boolean => p.vacation !== null && date >= p.vacation[0] && date <= p.vacation[1]
