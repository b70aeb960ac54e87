import type { Role } from '../src/kernel/ctx'
import type { WorkProfile } from '../src/modules/users/schema'
import type { Pattern, ProjectSpec } from './catalog/org'
import type { NameBook } from './company/names'

/** The company in memory: small (people, teams, projects), unlike the day-by-day history. */
export interface Company {
  name: string
  emailDomain: string
  costCenters: Record<string, string>
  offices: Office[]
  teams: Team[]
  people: Person[]
  templateIds: string[]
  projects: Project[]
  tasks: Task[]
  /** Indexes into people for the scenario personas. */
  personas: Personas
  /** History start: the company exists well before it. */
  foundedAt: number
  /** Names and emails handed out so far (invitees get fresh ones). */
  names: NameBook
}

export interface Personas {
  owner: number
  admins: number[]
  platformManager: number
  supportManager: number
  dispatchManager: number
  droppingEngineer: number
  /** Members of the first dispatch team: the overtime spike. */
  overtimeTeam: number
  backlogTeam: number
}

export interface Office {
  id: string
  name: string
  latitude: number
  longitude: number
  radiusMeters: number
}

export interface Team {
  id: string
  name: string
  kind: number
  pattern: Pattern | 'leadership'
  profile: WorkProfile
  manager: number
  members: number[]
  costCenterId: string
  office: number
}

export interface Device {
  id: string
  name: string
  platform: 'windows' | 'macos' | 'linux'
  registeredAt: number
}

export interface Traits {
  /** Mean minutes late at clock-in (negative: early). */
  lateness: number
  overtime: number
  productivity: number
  idle: number
  absence: number
  mobile: boolean
  viaMcp: number
}

export interface Person {
  idx: number
  id: string
  name: string
  email: string
  role: Role
  status: 'active' | 'deactivated' | 'invited'
  team: number
  profile: WorkProfile
  jobTitle: string
  weeklyHours: number
  /** Base shift template index; dispatch people rotate instead. */
  template: number
  pattern: Pattern | 'leadership'
  /** ISO weekdays off for dispatch rotation. */
  daysOff: number[]
  office: number | null
  home: [number, number]
  activeFrom: string | null
  activeTo: string | null
  vacation: [string, string] | null
  createdAt: number
  activatedAt: number | null
  deactivatedAt: number | null
  traits: Traits
  devices: Device[]
  projects: number[]
  costCenterId: string
  rate: { cents: number; multiplier: number }
}

export interface Project {
  id: string
  spec: ProjectSpec
  name: string
  code: string
  team: number
  /** Last date time may be booked to it (completed and on-hold projects stop earlier). */
  bookableUntil: string | null
  bookable: boolean
  tasks: number[]
  costCenterId: string
  createdAt: number
}

export interface Task {
  id: string
  project: number | null
  assignee: number
  status: 'todo' | 'in_progress' | 'blocked' | 'in_review' | 'done'
}
