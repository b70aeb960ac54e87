import { MINUTE } from '../../kernel/time'

/**
 * Geofence transitions of a clocked-in user, computed from consecutive location fixes. Pure: the
 * stored pings give the starting state, each new fix advances it and says what changed.
 *
 * - Entering or leaving an office's circle between two fixes is a transition (office A to office B
 *   is leaving A and entering B). The first fix of a work session only sets the starting point:
 *   without an earlier position nothing was entered or left.
 * - Outside every office for the company's outside-zone minutes or longer (settings
 *   outside_zone_minutes; measured from the first outside fix of the stretch to a later outside
 *   fix) is reported once per stretch; a fix inside any office ends the stretch.
 * - Fixes with an accuracy radius over MAX_USABLE_ACCURACY_METERS are stored but decide nothing:
 *   a 2 km radius cannot say which side of a 150 m fence the phone is on.
 */
/** The threshold in milliseconds for the company's outside_zone_minutes setting. */
export const outsideZoneMs = (outsideZoneMinutes: number): number => outsideZoneMinutes * MINUTE
export const MAX_USABLE_ACCURACY_METERS = 250

export interface Fix {
  recordedAt: number
  /** Office whose geofence contains the fix; null when outside every office. */
  officeId: string | null
}

export interface TrackState {
  last: Fix | null
  /** Start of the current stretch outside every office; null while inside one. */
  outsideSince: number | null
  /** Whether location.outside_zone was already reported for this stretch. */
  reported: boolean
}

export type Transition<F extends Fix> = { kind: 'entered' | 'exited'; officeId: string; fix: F } | { kind: 'outside_zone'; fix: F; outsideSince: number }

/** The state after the stored fixes: the last one and, when outside, where its stretch began. */
export function stateFrom(last: Fix | null, outsideSince: number | null, thresholdMs: number): TrackState {
  if (!last || last.officeId !== null) return { last, outsideSince: null, reported: false }
  const since = outsideSince ?? last.recordedAt
  return { last, outsideSince: since, reported: last.recordedAt - since >= thresholdMs }
}

/** Advances the state by one fix (later than the last one) and returns the transitions it makes. */
export function advance<F extends Fix>(state: TrackState, fix: F, thresholdMs: number): Transition<F>[] {
  const out: Transition<F>[] = []
  const prev = state.last
  if (prev && prev.officeId !== fix.officeId) {
    if (prev.officeId !== null) out.push({ kind: 'exited', officeId: prev.officeId, fix })
    if (fix.officeId !== null) out.push({ kind: 'entered', officeId: fix.officeId, fix })
  }
  if (fix.officeId === null) {
    const since = state.outsideSince ?? fix.recordedAt
    if (!state.reported && fix.recordedAt - since >= thresholdMs) {
      out.push({ kind: 'outside_zone', fix, outsideSince: since })
      state.reported = true
    }
    state.outsideSince = since
  } else {
    state.outsideSince = null
    state.reported = false
  }
  state.last = fix
  return out
}

/** Whether a fix is precise enough to decide transitions. */
export const isUsableFix = (accuracyMeters: number | null | undefined): boolean => accuracyMeters == null || accuracyMeters <= MAX_USABLE_ACCURACY_METERS
