import { PRIVATE_APPLICATION, type AgentSample, type Collector, type ForegroundReading, type SampleSource } from './collector'

export interface SamplerOptions {
  /** How often the collector is read; default 1 s. */
  pollMs?: number
  /** No input for this long counts as idle; default the tenant's threshold (300 s). */
  idleThresholdMs?: number
  /** Longest sample; longer stretches are cut (the client API takes at most 3600 s). Default 600 s. */
  maxSampleMs?: number
  /** Whether private mode is on, asked at every reading. */
  isPrivate?: () => boolean
  now?: () => number
  /** The source's name (its cursor's key in the spool); default `sampler:<platform>`. */
  name?: string
  /** Told about collector failures (the reading is skipped). */
  onError?: (e: unknown) => void
}

interface Segment {
  application: string
  windowClass: string | null
  idle: boolean
  start: number
  end: number
}

export const DEFAULT_POLL_MS = 1000
export const DEFAULT_IDLE_THRESHOLD_MS = 300_000
export const DEFAULT_MAX_SAMPLE_MS = 600_000

/**
 * Turns a Collector into a SampleSource: reads it every `pollMs`, merges consecutive equal
 * readings (same application, window class and idle state) into one sample, and finishes a
 * sample when the reading changes, when it reaches `maxSampleMs`, or when readings stop for a
 * while (suspend, stall). Idle starts at the last input: when a reading first crosses the
 * threshold, the current sample is split where the input stopped. A reading without a focused
 * window reports nothing for that time.
 */
export class CollectorSampler implements SampleSource {
  readonly name: string
  private readonly pollMs: number
  private readonly idleThresholdMs: number
  private readonly maxSampleMs: number
  private readonly now: () => number
  private open: Segment | null = null
  private lastPollAt: number | null = null
  private finished: AgentSample[] = []
  private timer: ReturnType<typeof setTimeout> | null = null
  private running = false

  constructor(
    private readonly collector: Collector,
    private readonly options: SamplerOptions = {},
  ) {
    this.name = options.name ?? `sampler:${collector.platform}`
    this.pollMs = options.pollMs ?? DEFAULT_POLL_MS
    this.idleThresholdMs = options.idleThresholdMs ?? DEFAULT_IDLE_THRESHOLD_MS
    this.maxSampleMs = Math.min(options.maxSampleMs ?? DEFAULT_MAX_SAMPLE_MS, 3_600_000)
    this.now = options.now ?? Date.now
  }

  /** Starts polling the collector. */
  start(): void {
    if (this.running) return
    this.running = true
    const loop = async () => {
      if (!this.running) return
      const t0 = this.now()
      await this.poll()
      if (this.running) this.timer = setTimeout(loop, Math.max(0, this.pollMs - (this.now() - t0)))
    }
    void loop()
  }

  /** Stops polling and finishes the open sample at its last reading. */
  stop(): void {
    this.running = false
    if (this.timer) clearTimeout(this.timer)
    this.closeOpen()
    this.collector.close?.()
  }

  async poll(): Promise<void> {
    let reading: ForegroundReading
    try {
      reading = await this.collector.read()
    } catch (e) {
      this.options.onError?.(e)
      return
    }
    this.observe(reading, this.now())
  }

  /** One reading at instant `t` (exposed for tests of the merging rules). */
  observe(reading: ForegroundReading, t: number): void {
    // Readings stopped for a while (suspend, stall): the open sample ends at its last reading.
    if (this.lastPollAt !== null && t - this.lastPollAt > 3 * this.pollMs + 5000) this.closeOpen()
    this.lastPollAt = t
    const priv = this.options.isPrivate?.() ?? false
    const application = priv ? PRIVATE_APPLICATION : reading.application
    const windowClass = priv ? null : reading.windowClass
    const idle = reading.idleMs >= this.idleThresholdMs
    if (application === null) {
      if (this.open) this.open.end = t
      this.closeOpen()
      return
    }
    const open = this.open
    if (open && open.application === application && open.windowClass === windowClass && open.idle === idle) {
      open.end = t
      while (open.end - open.start >= this.maxSampleMs) {
        const cut = open.start + this.maxSampleMs
        this.emit({ ...open, end: cut })
        open.start = cut
      }
      return
    }
    // The boundary: where the input stopped (becoming idle) or resumed (idle ending), else now.
    let boundary = t
    if (open && idle && !open.idle) boundary = Math.max(open.start, t - reading.idleMs)
    if (open && !idle && open.idle) boundary = Math.max(open.start, t - reading.idleMs)
    if (open) {
      // Becoming idle in the same application: the part since the last input turns idle.
      this.emit({ ...open, end: boundary })
    }
    this.open = { application, windowClass, idle, start: boundary, end: t }
  }

  private closeOpen(): void {
    if (this.open) this.emit(this.open)
    this.open = null
  }

  private emit(s: Segment): void {
    const ms = s.end - s.start
    if (ms < 500) return
    this.finished.push({
      application: s.application,
      windowClass: s.windowClass,
      startedAt: s.start,
      durationSeconds: Math.max(1, Math.round(ms / 1000)),
      idle: s.idle,
    })
  }

  /**
   * The samples finished so far that start after the cursor (the start of the last sample
   * handed out, ms since the epoch as a string). A live source cannot replay what it
   * did not see, so after a restart it starts from now.
   */
  async pull(cursor: string | null, until: number): Promise<{ samples: AgentSample[]; cursor: string | null }> {
    const from = cursor === null ? Number.NEGATIVE_INFINITY : Number(cursor)
    const ready = this.finished.filter((s) => s.startedAt + s.durationSeconds * 1000 <= until + 1000)
    this.finished = this.finished.filter((s) => !ready.includes(s))
    const samples = ready.filter((s) => s.startedAt > from)
    if (samples.length === 0) return { samples, cursor }
    const last = samples[samples.length - 1]!
    return { samples, cursor: String(last.startedAt) }
  }
}
