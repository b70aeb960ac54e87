/**
 * The desktop agent's contract between what it observes and what it sends. Only application
 * identifiers, idle state and durations exist here: there is no field for a window title, a URL
 * or a keystroke, so none can leave the machine (the product's privacy model).
 */

/** What private-mode time is reported as: no application, no window class (idle is still reported). */
export const PRIVATE_APPLICATION = 'Private'

/** What one look at the desktop sees. */
export interface ForegroundReading {
  /** Application name as people know it, e.g. "Firefox"; null when no window has focus. */
  application: string | null
  /** Window class, bundle id or executable name, e.g. "firefox" or "com.apple.Safari". */
  windowClass: string | null
  /** Milliseconds since the last keyboard or mouse input. */
  idleMs: number
}

/** A platform's way of looking at the desktop (X11, macOS, Windows), behind one interface. */
export interface Collector {
  readonly platform: 'linux' | 'macos' | 'windows'
  read(): Promise<ForegroundReading>
  close?(): void
}

/** One app-level sample, as the client API takes it (POST /api/v1/client/activity/samples). */
export interface AgentSample {
  application: string
  windowClass: string | null
  /** Start, in ms since the epoch. */
  startedAt: number
  durationSeconds: number
  idle: boolean
}

/**
 * A source of finished samples: the sampler over a Collector, or the ActivityWatch bridge.
 * `pull` returns the samples finished up to `until` after `cursor`, and the cursor to resume
 * from after a restart (opaque to the caller, stored in the spool with the samples).
 */
export interface SampleSource {
  readonly name: string
  pull(cursor: string | null, until: number): Promise<{ samples: AgentSample[]; cursor: string | null }>
}
