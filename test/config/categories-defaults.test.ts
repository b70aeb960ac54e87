import { describe, expect, test } from 'bun:test'
import { BUILT_IN_DEFAULTS, categorizer, type CategoryRuleInput } from '../../src/modules/activity/categorize'
import { WORK_PROFILES } from '../../src/modules/users/schema'

/** The categoriser itself: the built-in defaults table and the precedence of docs/config-categories.md. */

const rule = (pattern: string, category: CategoryRuleInput['category'], more: Partial<CategoryRuleInput> = {}): CategoryRuleInput => ({
  matchField: 'application',
  matchKind: 'contains',
  pattern,
  category,
  workProfile: null,
  teamId: null,
  ...more,
})

describe('built-in defaults', () => {
  const eng = categorizer([], 'engineering')
  test.each([
    ['Visual Studio Code', 'Code'],
    ['Code', 'code'],
    ['Code - OSS', null],
    ['VSCodium', null],
    ['IntelliJ IDEA', 'jetbrains-idea'],
    ['PyCharm', 'jetbrains-pycharm'],
    ['Rider', 'jetbrains-rider'],
    ['GoLand', null],
    ['CLion', null],
    ['DataGrip', null],
    ['Cursor', null],
    ['Terminal', 'com.apple.Terminal'],
    ['Windows Terminal', 'WindowsTerminal.exe'],
    ['iTerm2', 'com.googlecode.iterm2'],
    ['Alacritty', null],
    ['kitty', null],
    ['WezTerm', null],
    ['gnome-terminal-server', 'Gnome-terminal'],
    ['GitHub Desktop', null],
    ['Sourcetree', null],
    ['GitKraken', null],
    ['Fork', null],
    ['Sublime Merge', null],
    ['Docker Desktop', null],
  ])('%s is productive for engineering', (app, cls) => {
    expect(eng(app, cls)).toBe('productive')
  })

  test('developer tools are not productive for other profiles; communication and entertainment are the same for all', () => {
    const ops = categorizer([], 'operations')
    expect(ops('Visual Studio Code', 'Code')).toBe('neutral')
    expect(ops('Terminal', null)).toBe('neutral')
    expect(ops('Excel', null)).toBe('productive')
    for (const profile of WORK_PROFILES) {
      const c = categorizer([], profile)
      expect(c('Slack', null)).toBe('neutral')
      expect(c('YouTube', null)).toBe('unproductive')
      expect(c('Some Unknown Tool', null)).toBe('neutral')
    }
  })

  test('exact defaults do not match inside other names', () => {
    expect(categorizer([], 'engineering')('Barcode Scanner', null)).toBe('neutral')
    expect(categorizer([], 'engineering')('Forklift', null)).toBe('neutral')
  })

  test('one table: every row has a profile list or all, and no row is listed twice for a profile', () => {
    const seen = new Set<string>()
    for (const d of BUILT_IN_DEFAULTS) {
      for (const p of d.profiles === 'all' ? ['all'] : d.profiles) {
        const key = `${p}:${d.kind}:${d.pattern}`
        expect(seen.has(key)).toBe(false)
        seen.add(key)
      }
      expect(d.pattern).toBe(d.pattern.toLowerCase())
    }
  })
})

describe('precedence: team rule > tenant rule > work-profile default > built-in default', () => {
  const rules = [
    rule('slack', 'unproductive'),
    rule('slack', 'productive', { teamId: 'team-a' }),
    rule('visual studio', 'unproductive', { workProfile: 'design' }),
  ]
  test('a team rule wins for members of the team only', () => {
    expect(categorizer(rules, 'operations', ['team-a'])('Slack', null)).toBe('productive')
    expect(categorizer(rules, 'operations', ['team-b'])('Slack', null)).toBe('unproductive')
    expect(categorizer(rules, 'operations')('Slack', null)).toBe('unproductive')
  })
  test('a tenant rule beats the defaults; a work-profile rule only applies to that profile', () => {
    expect(categorizer([rule('visual studio code', 'neutral')], 'engineering')('Visual Studio Code', null)).toBe('neutral')
    expect(categorizer(rules, 'design')('Visual Studio Code', null)).toBe('unproductive')
    expect(categorizer(rules, 'engineering')('Visual Studio Code', null)).toBe('productive')
  })
  test('within a tier an exact rule beats a contains rule whatever the priority order', () => {
    const r = [rule('slack', 'unproductive'), rule('Slack Huddle', 'productive', { matchKind: 'exact' })]
    expect(categorizer(r, 'operations')('slack huddle', null)).toBe('productive')
    expect(categorizer(r, 'operations')('Slack', null)).toBe('unproductive')
  })
  test('window_class rules match the window class only, case-insensitively', () => {
    const r = [rule('COM.TINYSPECK.SLACKMACGAP', 'productive', { matchField: 'window_class', matchKind: 'exact' })]
    expect(categorizer(r, 'operations')('Slack', 'com.tinyspeck.slackmacgap')).toBe('productive')
    expect(categorizer(r, 'operations')('com.tinyspeck.slackmacgap', null)).toBe('neutral')
  })
})
