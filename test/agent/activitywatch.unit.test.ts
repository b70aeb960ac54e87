import { describe, expect, test } from 'bun:test'
import {
  ActivityWatchError,
  ActivityWatchSource,
  activityWatchFromCli,
  categoryOf,
  compileCategories,
  decodeCursor,
  sharedCategories,
  toSamples,
  type AwEvent,
} from '../../src/agent/sources/activitywatch'

const T0 = Date.parse('2026-11-23T08:00:00Z')
const ev = (fromMin: number, toMin: number, data: Record<string, unknown>): AwEvent => ({
  timestamp: new Date(T0 + fromMin * 60_000).toISOString(),
  duration: (toMin - fromMin) * 60,
  data,
})

describe('categories as aw-server computes them', () => {
  const rules = compileCategories([
    { name: ['Work'], rule: { type: 'regex', regex: 'Docs' } },
    { name: ['Work', 'Programming'], rule: { type: 'regex', regex: 'github', ignore_case: true } },
    { name: ['Media'], rule: { type: 'none' } },
    { name: ['Personal', 'Shopping'], rule: { type: 'regex', regex: '(?i)amazon' } },
  ])
  test('any string field matches; the deepest category wins, the later on a tie; none is Uncategorized', () => {
    expect(categoryOf({ app: 'Firefox', title: 'acme/payroll · GitHub' }, rules)).toEqual(['Work', 'Programming'])
    expect(categoryOf({ app: 'Firefox', title: 'Google Docs', url: 'https://github.com' }, rules)).toEqual(['Work', 'Programming'])
    expect(categoryOf({ app: 'Firefox', title: 'Google Docs' }, rules)).toEqual(['Work'])
    expect(categoryOf({ app: 'Firefox', title: 'GitHub stars on AMAZON' }, rules)).toEqual(['Personal', 'Shopping'])
    expect(categoryOf({ app: 'mpv', title: 'film.mkv' }, rules)).toEqual(['Uncategorized'])
  })
  test('a regex that does not compile fails, naming the category (never falls into a shared parent)', () => {
    expect(() => compileCategories([{ name: ['Work', 'Secret'], rule: { type: 'regex', regex: '(unclosed' } }])).toThrow(/category "Work > Secret"/)
  })
  test('shared categories: exact names, or a subtree with >*', () => {
    const exact = sharedCategories('Work, Work > Programming')
    expect([['Work'], ['Work', 'Programming'], ['Work', 'Secret'], ['Personal'], ['Uncategorized']].map(exact)).toEqual([true, true, false, false, false])
    const subtree = sharedCategories(['Work>*'])
    expect([['Work'], ['Work', 'Programming'], ['Work', 'Secret', 'Deep'], ['Workshop'], ['Personal']].map(subtree)).toEqual([true, true, true, false, false])
  })
})

describe('toSamples', () => {
  const all = () => true
  test('splits at one hour, merges contiguous stretches of one application, keeps idle apart', () => {
    const samples = toSamples({
      window: [ev(0, 50, { app: 'Code', title: 'a.ts' }), ev(50, 130, { app: 'Code', title: 'b.ts' })],
      afk: [ev(0, 100, { status: 'not-afk' }), ev(100, 130, { status: 'afk' })],
      from: T0,
      to: T0 + 200 * 60_000,
      rules: [],
      isShared: all,
    })
    expect(samples.map((s) => [s.application, (s.startedAt - T0) / 60_000, s.durationSeconds / 60, s.idle])).toEqual([
      ['Code', 0, 60, false],
      ['Code', 60, 40, false],
      ['Code', 100, 30, true],
    ])
  })
  test('events a server returns uncut (aw-server in Python) are cut to the pulled range by the bridge', () => {
    const samples = toSamples({
      window: [ev(0, 30, { app: 'Code' })],
      afk: [ev(0, 30, { status: 'not-afk' })],
      from: T0 + 10 * 60_000,
      to: T0 + 20 * 60_000,
      rules: [],
      isShared: all,
    })
    expect(samples).toEqual([{ application: 'Code', windowClass: 'Code', startedAt: T0 + 10 * 60_000, durationSeconds: 600, idle: false }])
  })
  test('overlapping window events count once; events without an app are dropped', () => {
    const samples = toSamples({
      window: [ev(0, 10, { app: 'Code' }), ev(5, 15, { app: 'Slack' }), ev(15, 20, { app: '' })],
      afk: [ev(0, 30, { status: 'not-afk' })],
      from: T0,
      to: T0 + 30 * 60_000,
      rules: [],
      isShared: all,
    })
    expect(samples.map((s) => [s.application, s.durationSeconds])).toEqual([
      ['Code', 600],
      ['Slack', 300],
    ])
  })
})

describe('configuration and cursor errors', () => {
  test('no shared category is refused; a foreign cursor is refused', async () => {
    expect(() => new ActivityWatchSource({ shared: [] })).toThrow(ActivityWatchError)
    expect(() => decodeCursor('{"v":2}')).toThrow(/not an ActivityWatch bridge cursor/)
    expect(() => decodeCursor('garbage')).toThrow(/not JSON/)
  })
  test('an unreachable aw-server is a clear error', async () => {
    const source = new ActivityWatchSource({ url: 'http://127.0.0.1:9', shared: ['Work'] })
    await expect(source.pull(null, Date.now())).rejects.toThrow(/aw-server at http:\/\/127.0.0.1:9 is not reachable/)
  })
})

describe('options of workforce agent --source activitywatch', () => {
  test('--aw-categories is required; --aw-url must be this machine', () => {
    expect(() => activityWatchFromCli({})).toThrow(/--aw-categories: choose which ActivityWatch categories to share/)
    expect(() => activityWatchFromCli({ awCategories: ' , ' })).toThrow(/--aw-categories/)
    expect(() => activityWatchFromCli({ awCategories: 'Work', awUrl: 'http://10.0.0.5:5600' })).toThrow(/--aw-url: must be this machine .* got 10\.0\.0\.5/)
    expect(() => activityWatchFromCli({ awCategories: 'Work', awUrl: 'ftp://127.0.0.1' })).toThrow(/--aw-url: must be http/)
    expect(() => activityWatchFromCli({ awCategories: 'Work', awUrl: 'nonsense' })).toThrow(/--aw-url: not a URL/)
    for (const awUrl of ['http://localhost:5600', 'http://[::1]:5600/', 'http://127.0.0.1:5666'])
      expect(activityWatchFromCli({ awCategories: 'Work', awUrl }).name).toBe('activitywatch')
  })
})
