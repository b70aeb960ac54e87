import type { Category } from '../../src/modules/activity/schema'
import { WORK_PROFILES, type WorkProfile } from '../../src/modules/users/schema'
import { APPS, USAGE, categoryOf, type AppSpec } from '../catalog/apps'
import { windowClass } from '../company/devices'
import type { Device } from '../model'
import type { Rng } from '../rng'

interface Pool {
  apps: AppSpec[]
  weights: number[]
  total: number
  /** Usage-weighted mean stretch length in this category, in minutes. */
  meanMinutes: number
}

export const CATEGORY_INDEX: Record<Category, number> = { productive: 0, neutral: 1, unproductive: 2 }
const CATEGORIES: Category[] = ['productive', 'neutral', 'unproductive']

/** Per work profile, the applications of each category with their usage weights. */
const POOLS: Record<WorkProfile, Pool[]> = Object.fromEntries(
  WORK_PROFILES.map((profile) => {
    const pools = CATEGORIES.map((): Pool => ({ apps: [], weights: [], total: 0, meanMinutes: 1 }))
    for (const [name, weight] of Object.entries(USAGE[profile])) {
      const pool = pools[CATEGORY_INDEX[categoryOf(profile, name)]]!
      pool.apps.push(APPS[name]!)
      pool.weights.push(weight)
      pool.total += weight
    }
    for (const pool of pools) {
      if (pool.total > 0) pool.meanMinutes = pool.apps.reduce((s, app, i) => s + ((app.minutes[0] + app.minutes[1]) / 2) * pool.weights[i]!, 0) / pool.total
    }
    return [profile, pools]
  }),
) as Record<WorkProfile, Pool[]>

export interface Mood {
  /** Share of non-idle time in productive applications. */
  productive: number
  /** Of the rest, the share spent in unproductive ones. */
  distraction: number
  idle: number
}

export interface Pick {
  app: AppSpec
  category: Category
  categoryIndex: number
  seconds: number
}

/**
 * The next application in front, its category (by the tenant's rules) and how long it stays.
 * Categories are drawn in inverse proportion to their typical stretch length, so that the
 * share of time (what the score measures) follows the mood, not the share of switches.
 */
export function pickApp(rng: Rng, profile: WorkProfile, mood: Mood): Pick {
  const pools = POOLS[profile]
  const shares = [mood.productive, (1 - mood.productive) * (1 - mood.distraction), (1 - mood.productive) * mood.distraction]
  const w0 = pools[0]!.total > 0 ? shares[0]! / pools[0]!.meanMinutes : 0
  const w1 = shares[1]! / pools[1]!.meanMinutes
  const w2 = pools[2]!.total > 0 ? shares[2]! / pools[2]!.meanMinutes : 0
  const r = rng.next() * (w0 + w1 + w2)
  const c = r < w0 ? 0 : r < w0 + w1 ? 1 : 2
  const pool = pools[c]!
  const app = pool.apps[rng.weighted(pool.weights, pool.total)]!
  return { app, category: CATEGORIES[c]!, categoryIndex: c, seconds: Math.round(rng.range(app.minutes[0], app.minutes[1]) * 60) }
}

/** Window classes per application and platform, computed once. */
const CLASSES = new Map<AppSpec, Record<Device['platform'], string>>(
  Object.values(APPS).map((app) => [
    app,
    { macos: windowClass('macos', app.mac, app.win), windows: windowClass('windows', app.mac, app.win), linux: windowClass('linux', app.mac, app.win) },
  ]),
)

export const classFor = (device: Device, app: AppSpec): string => CLASSES.get(app)![device.platform]
