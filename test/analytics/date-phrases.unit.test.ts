import { describe, expect, test } from 'bun:test'
import { asDate, asDateRange, asPeriod, asSince, readWhen } from '../../src/modules/analytics/date-phrases'
import { matchNames } from '../../src/modules/analytics/name-match'

// Wednesday 18 March 2026; the week runs Monday 16 to Sunday 22.
const TODAY = '2026-03-18'
const when = (q: string) => readWhen(q, TODAY)
const range = (q: string) => {
  const w = when(q)
  return w ? [w.from, w.to, w.period ?? null] : null
}

describe('date phrases read in the company calendar', () => {
  test('days relative to today', () => {
    expect(range('who was late yesterday?')).toEqual(['2026-03-17', '2026-03-17', null])
    expect(range('and the day before yesterday')).toEqual(['2026-03-16', '2026-03-16', null])
    expect(range("today's alerts")).toEqual([TODAY, TODAY, 'today'])
    expect(range('who is in right now')).toEqual([TODAY, TODAY, 'today'])
  })

  test('named weeks and months are the tools’ periods', () => {
    expect(range('hours last week')).toEqual(['2026-03-09', '2026-03-15', 'last_week'])
    expect(range('hours this week')).toEqual(['2026-03-16', '2026-03-22', 'this_week'])
    expect(range('team hours this month')).toEqual(['2026-03-01', '2026-03-31', 'this_month'])
    expect(range('the previous month')).toEqual(['2026-02-01', '2026-02-28', 'last_month'])
  })

  test('a month by name is the latest one up to today; the current and previous months are periods', () => {
    expect(range('hours in March')).toEqual(['2026-03-01', '2026-03-31', 'this_month'])
    expect(range('hours in February')).toEqual(['2026-02-01', '2026-02-28', 'last_month'])
    expect(range('hours in January')).toEqual(['2026-01-01', '2026-01-31', null])
    expect(range('what happened in December')).toEqual(['2025-12-01', '2025-12-31', null])
    expect(range('overtime for october 2025')).toEqual(['2025-10-01', '2025-10-31', null])
  })

  test('"may" is a month only after a preposition', () => {
    expect(when('May I see my hours?')).toBeNull()
    expect(range('hours in may')).toEqual(['2025-05-01', '2025-05-31', null])
  })

  test('weekdays: "last Friday", "on Wednesday" (today), "last Wednesday" (a week ago), "this Monday"', () => {
    expect(range('alerts last Friday')).toEqual(['2026-03-13', '2026-03-13', null])
    expect(range('alerts on Wednesday')).toEqual([TODAY, TODAY, null])
    expect(range('alerts last Wednesday')).toEqual(['2026-03-11', '2026-03-11', null])
    expect(range('this Monday')).toEqual(['2026-03-16', '2026-03-16', null])
  })

  test('calendar dates, ranges and rolling windows', () => {
    expect(range('on 4 March')).toEqual(['2026-03-04', '2026-03-04', null])
    expect(range('on March 4th')).toEqual(['2026-03-04', '2026-03-04', null])
    expect(range('on the 20th of March')).toEqual(['2025-03-20', '2025-03-20', null])
    expect(range('between 2026-03-02 and 2026-03-08')).toEqual(['2026-03-02', '2026-03-08', null])
    expect(range('the past 3 days')).toEqual(['2026-03-16', TODAY, null])
    expect(range('over the last two weeks')).toEqual(['2026-03-05', TODAY, null])
    expect(range('since Monday')).toEqual(['2026-03-16', TODAY, null])
    expect(when('how are we doing')).toBeNull()
  })
})

describe('a time as each tool takes it', () => {
  const ALL = ['today', 'this_week', 'last_week', 'this_month', 'last_month'] as const
  test('a named period passes as is; an equal range becomes that period', () => {
    expect(asPeriod(when('last week')!, TODAY, ALL)).toEqual({ period: 'last_week' })
    expect(asPeriod(when('in February')!, TODAY, ALL)).toEqual({ period: 'last_month' })
    expect(asPeriod(when('since Monday')!, TODAY, ALL)).toEqual({ period: 'this_week' })
  })

  test('a day is widened to the smallest period holding it, with a note; outside every period gives a note only', () => {
    const r = asPeriod(when('yesterday')!, TODAY, ALL)
    expect(r.period).toBe('this_week')
    expect(r.note).toContain('2026-03-17')
    const noLastMonth = asPeriod(when('last month')!, TODAY, ['today', 'this_week', 'last_week', 'this_month'])
    expect(noLastMonth.period).toBeUndefined()
    expect(noLastMonth.note).toContain('outside')
    expect(asPeriod(when('in January')!, TODAY, ALL).period).toBeUndefined()
  })

  test('one date: the day, or the last day of a range (a week’s overtime is complete there), never after today', () => {
    expect(asDate(when('yesterday')!, TODAY)).toEqual({ date: '2026-03-17' })
    expect(asDate(when('last week')!, TODAY).date).toBe('2026-03-15')
    expect(asDate(when('this week')!, TODAY).date).toBe(TODAY)
  })

  test('a date range is capped at today; since is the start of the first local day in the zone', () => {
    expect(asDateRange(when('this month')!, TODAY)).toEqual({ from: '2026-03-01', to: TODAY })
    expect(asSince(when('since Monday')!, 'Europe/Berlin')).toBe('2026-03-15T23:00:00.000Z')
    expect(asSince(when('since Monday')!, 'America/New_York')).toBe('2026-03-16T04:00:00.000Z')
  })
})

describe('people and teams named in a question', () => {
  const people = [
    { id: 'omar-a', name: 'Omar Adeyemi', teamId: 't-disp' },
    { id: 'omar-o', name: 'Omar Okonkwo', teamId: 't-sales' },
    { id: 'elena-o', name: 'Elena Okonkwo', teamId: 't-disp' },
    { id: 'erik', name: 'Erik García', teamId: 't-plat' },
    { id: 'paula', name: 'Paula Young', teamId: 't-sales' },
    { id: 'arjun', name: 'Arjun Jansen', teamId: 't-plat' },
    { id: 'jansen', name: 'Jansen K. Mills', teamId: 't-plat' },
  ]
  const teams = [
    { id: 't-plat', name: 'Platform Engineering' },
    { id: 't-cs', name: 'Customer Support' },
    { id: 't-disp', name: 'Dispatch Operations' },
    { id: 't-sales', name: 'Sales' },
  ]
  const ids = (q: string) => matchNames(q, people, teams)

  test('a full name is one person even when its parts are shared; a shared first name lists every candidate', () => {
    expect(ids('hours of Omar Okonkwo').people).toEqual([{ phrase: 'omar okonkwo', candidates: [people[1]!] }])
    expect(ids('Productivity for Omar').people[0]!.candidates.map((p) => p.id)).toEqual(['omar-a', 'omar-o'])
    expect(ids('What about Okonkwo?').people[0]!.candidates.map((p) => p.id)).toEqual(['elena-o', 'omar-o'])
  })

  test('possessives, accents and lower-case questions', () => {
    expect(ids("Erik Garcia's hours").people[0]!.candidates).toEqual([people[3]!])
    expect(ids('how many hours did erik work').people[0]!.candidates).toEqual([people[3]!])
  })

  test('a first name that is also a surname lists the first-name holders first', () => {
    expect(ids('Where is Jansen?').people[0]!.candidates.map((p) => p.id)).toEqual(['jansen', 'arjun'])
  })

  test('ordinary words are not names unless capitalised', () => {
    expect(ids('Are young people doing more overtime?').people).toEqual([])
    expect(ids('How is Paula Young doing?').people[0]!.candidates).toEqual([people[4]!])
  })

  test('teams by full name, or a distinctive word next to "team"; the team is not read as a person', () => {
    expect(ids('hours of Platform Engineering').teams[0]!.candidates).toEqual([teams[0]!])
    expect(ids('how productive was the support team').teams[0]!.candidates).toEqual([teams[1]!])
    expect(ids('the dispatch folks last week').teams[0]!.candidates).toEqual([teams[2]!])
    expect(ids('How many hours did Sales log today?').teams[0]!.candidates).toEqual([teams[3]!])
    expect(ids('what are our sales figures').teams).toEqual([])
    expect(ids('do you support SSO').teams).toEqual([])
  })
})
