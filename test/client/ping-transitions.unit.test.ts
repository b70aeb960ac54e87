import { describe, expect, test } from 'bun:test'
import { MINUTE } from '../../src/kernel/time'
import { advance, isUsableFix, outsideZoneMs, stateFrom, type Fix } from '../../src/modules/locations/ping-transitions'

const OUTSIDE_ZONE_MS = outsideZoneMs(15)

const fix = (minute: number, officeId: string | null): Fix => ({ recordedAt: minute * MINUTE, officeId })

/** Runs fixes through a fresh state and lists the transitions as short strings. */
function run(fixes: Fix[], state = stateFrom(null, null, OUTSIDE_ZONE_MS)): string[] {
  return fixes.flatMap((f) =>
    advance(state, f, OUTSIDE_ZONE_MS).map((t) => (t.kind === 'outside_zone' ? `outside@${t.fix.recordedAt / MINUTE}` : `${t.kind}:${t.officeId}`)),
  )
}

describe('geofence transitions', () => {
  test('the first fix only sets the starting point', () => {
    expect(run([fix(0, 'hq')])).toEqual([])
    expect(run([fix(0, null)])).toEqual([])
  })

  test('leaving and entering offices, and moving straight from one office to another', () => {
    expect(run([fix(0, 'hq'), fix(1, null), fix(2, 'hq'), fix(3, 'lab')])).toEqual(['exited:hq', 'entered:hq', 'exited:hq', 'entered:lab'])
    expect(run([fix(0, 'hq'), fix(1, 'hq')])).toEqual([])
  })

  test('outside for the threshold is reported once per stretch, and a fix inside starts a new stretch', () => {
    const minutes = OUTSIDE_ZONE_MS / MINUTE
    expect(
      run([
        fix(0, null),
        fix(minutes - 1, null),
        fix(minutes, null),
        fix(minutes + 30, null),
        fix(minutes + 31, 'hq'),
        fix(minutes + 32, null),
        fix(2 * minutes + 32, null),
      ]),
    ).toEqual([`outside@${minutes}`, 'entered:hq', 'exited:hq', `outside@${2 * minutes + 32}`])
  })

  test('a stored stretch already past the threshold is not reported again; one still under it is', () => {
    const minutes = OUTSIDE_ZONE_MS / MINUTE
    expect(run([fix(minutes + 5, null)], stateFrom(fix(minutes, null), 0, OUTSIDE_ZONE_MS))).toEqual([])
    expect(run([fix(minutes + 5, null)], stateFrom(fix(minutes - 1, null), 0, OUTSIDE_ZONE_MS))).toEqual([`outside@${minutes + 5}`])
    expect(run([fix(5, null)], stateFrom(fix(4, 'hq'), null, OUTSIDE_ZONE_MS))).toEqual(['exited:hq'])
  })

  test('fixes of unknown accuracy count; a radius over 250 m does not', () => {
    expect([isUsableFix(null), isUsableFix(undefined), isUsableFix(250), isUsableFix(251)]).toEqual([true, true, true, false])
  })
})
