/**
 * Idle stretches: consecutive idle samples of one user with no gap between them longer than
 * IDLE_CONTIGUITY_MS (agents round sample boundaries to the second). idle.detected fires once
 * per stretch, when the stretch first grows beyond the tenant's threshold, so a stretch uploaded
 * across several batches, or completed by a late batch, is reported exactly once.
 */
const IDLE_CONTIGUITY_MS = 5_000

export interface IdleSampleLike {
  startedAt: number
  durationSeconds: number
  /** Which upload the sample came from: the current batch's samples are "new". */
  batchId: string | null
}

export interface IdleStretch {
  startedAt: number
  idleSeconds: number
}

interface Run {
  start: number
  end: number
  covered: number
}

const extend = (run: Run, start: number, end: number) => {
  run.covered += Math.max(0, end - Math.max(start, run.end))
  run.end = Math.max(run.end, end)
}

/**
 * The stretches that this batch pushes over the threshold: stretches holding a sample of the
 * batch, longer than the threshold, in which no run made only of earlier samples was already
 * longer (that run was reported when it arrived). `samples` must be sorted by startedAt.
 */
export function newlyIdleStretches(samples: readonly IdleSampleLike[], batchId: string, thresholdSeconds: number): IdleStretch[] {
  const thresholdMs = thresholdSeconds * 1000
  const found: IdleStretch[] = []
  let stretch: Run | null = null
  let oldRun: Run | null = null
  let hasNew = false
  let oldMax = 0
  const close = () => {
    if (stretch && hasNew && stretch.covered > thresholdMs && Math.max(oldMax, oldRun?.covered ?? 0) <= thresholdMs) {
      found.push({ startedAt: stretch.start, idleSeconds: Math.round(stretch.covered / 1000) })
    }
  }
  for (const s of samples) {
    const start = s.startedAt
    const end = start + s.durationSeconds * 1000
    const isNew = s.batchId === batchId
    if (!stretch || start > stretch.end + IDLE_CONTIGUITY_MS) {
      close()
      stretch = { start, end: start, covered: 0 }
      oldRun = null
      hasNew = false
      oldMax = 0
    }
    extend(stretch, start, end)
    if (isNew) {
      hasNew = true
      oldMax = Math.max(oldMax, oldRun?.covered ?? 0)
      oldRun = null
    } else {
      oldRun ??= { start, end: start, covered: 0 }
      extend(oldRun, start, end)
    }
  }
  close()
  return found
}

/**
 * Whether newlyIdleStretches over `samples`, a user's idle samples that started within
 * [from, to], gives what it gives over all of the user's idle samples: true when the stretches
 * holding this batch's samples cannot reach outside the window. Below: a stretch starts in the
 * window at or before the batch's first sample, at least `maxSampleMs` + the contiguity after
 * `from` (a sample that started before `from` ends before `from + maxSampleMs`, so it cannot
 * join it). Above: a stretch starts in the window after the batch's last sample, or every sample
 * of the window has ended more than the contiguity before `to` (a later sample starts a new one).
 * `samples` sorted by startedAt, as newlyIdleStretches wants them.
 */
export function windowDecides(samples: readonly IdleSampleLike[], batchId: string, from: number, to: number, maxSampleMs: number): boolean {
  let first = -1
  let last = -1
  for (let i = 0; i < samples.length; i++) {
    if (samples[i]!.batchId !== batchId) continue
    if (first < 0) first = i
    last = i
  }
  if (first < 0) return true
  let end = Number.NEGATIVE_INFINITY
  let below = false
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i]!
    const startsStretch = s.startedAt > end + IDLE_CONTIGUITY_MS
    if (startsStretch && i <= first && s.startedAt >= from + maxSampleMs + IDLE_CONTIGUITY_MS) below = true
    if (startsStretch && i > last) return below
    end = Math.max(end, s.startedAt + s.durationSeconds * 1000)
  }
  return below && end + IDLE_CONTIGUITY_MS < to && from + maxSampleMs + IDLE_CONTIGUITY_MS < to
}

/** A whole idle stretch: from its first idle sample to the end of its last. */
export interface IdleSpan {
  startedAt: number
  endedAt: number
  idleSeconds: number
}

/**
 * Every idle stretch of a user's idle samples (sorted by startedAt), by the rule idle.detected
 * uses: samples at most IDLE_CONTIGUITY_MS apart belong to one stretch; overlaps count once.
 */
export function idleStretches(samples: readonly Omit<IdleSampleLike, 'batchId'>[]): IdleSpan[] {
  const out: IdleSpan[] = []
  let run: Run | null = null
  const close = () => run && out.push({ startedAt: run.start, endedAt: run.end, idleSeconds: Math.round(run.covered / 1000) })
  for (const s of samples) {
    const end = s.startedAt + s.durationSeconds * 1000
    if (!run || s.startedAt > run.end + IDLE_CONTIGUITY_MS) {
      close()
      run = { start: s.startedAt, end: s.startedAt, covered: 0 }
    }
    extend(run, s.startedAt, end)
  }
  close()
  return out
}
