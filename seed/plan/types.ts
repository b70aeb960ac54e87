import type { TimeLogSource } from '../../src/modules/time-tracking/schema'

export interface BreakPlan {
  id: string
  kind: 'break' | 'lunch'
  start: number
  /** Null while the break is still running at `now`. */
  end: number | null
}

/** One time log as it will be written, already clipped at `now`. */
export interface LogPlan {
  id: string
  person: number
  /** Tenant-local date of the clock-in. */
  date: string
  dayIndex: number
  in: number
  /** Recorded clock-out; null while open. */
  out: number | null
  /** When the person really stopped working (before `out` for a forgotten clock-out; `now` while open). */
  left: number
  status: 'open' | 'closed' | 'auto_closed'
  source: TimeLogSource
  coords: [number, number] | null
  office: number | null
  project: number | null
  task: number | null
  breaks: BreakPlan[]
  timesheetId: string | null
}

export interface DayPlan {
  /** Shift template; null when not scheduled. */
  template: number | null
  scheduleStatus: 'scheduled' | 'cancelled'
  startsAt: number
  endsAt: number
  logs: LogPlan[]
}

export const NO_SHIFT: DayPlan = { template: null, scheduleStatus: 'scheduled', startsAt: 0, endsAt: 0, logs: [] }
