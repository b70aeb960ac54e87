import type { WorkProfile } from '../../src/modules/users/schema'
import type { Pattern } from '../catalog/org'
import type { Traits } from '../model'
import type { Rng } from '../rng'

/** Typical share of active time in productive applications, per kind of work. */
const BASE_PRODUCTIVITY: Record<WorkProfile, number> = {
  engineering: 0.7,
  support: 0.68,
  sales: 0.64,
  design: 0.72,
  operations: 0.66,
  management: 0.62,
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x))

/** Habits that make one person's days look like theirs: punctuality, overtime, focus. */
export function traitsFor(rng: Rng, profile: WorkProfile, pattern: Pattern | 'leadership', remote: boolean): Traits {
  const chronicallyLate = rng.chance(0.1)
  return {
    lateness: chronicallyLate ? rng.range(6, 14) : rng.normal(-3, 3),
    overtime: rng.chance(0.2) ? rng.range(0.1, 0.3) : rng.range(0, 0.06),
    productivity: clamp(rng.normal(BASE_PRODUCTIVITY[profile], 0.07), 0.45, 0.88),
    idle: rng.range(0.02, 0.06),
    absence: rng.range(0.01, 0.035),
    mobile: !remote && (pattern === 'dispatch' || rng.chance(0.08)),
    viaMcp: pattern === 'dispatch' ? 0 : rng.range(0.02, 0.15),
  }
}
