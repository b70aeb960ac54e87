/**
 * Seeded randomness for the demo generator. Everything random in a demo tenant (names, times,
 * UUIDs, event ids) comes from here, so the same seed, options and `now` give the same content.
 * sfc32 is small, fast and passes PractRand well beyond what a demo needs.
 */

/** 32-bit FNV-1a of a string: turns the --seed text into a number. */
export function hashString(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** splitmix32 step: spreads nearby integers (user 7, day 12) into unrelated seeds. */
function mix(x: number): number {
  x = (x + 0x9e3779b9) | 0
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b)
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35)
  return (x ^ (x >>> 16)) >>> 0
}

export class Rng {
  private a: number
  private b: number
  private c: number
  private d: number

  constructor(...parts: number[]) {
    let h = 0x6a09e667
    for (const p of parts) h = mix(h ^ mix(p | 0))
    this.a = mix(h ^ 1)
    this.b = mix(h ^ 2)
    this.c = mix(h ^ 3)
    this.d = 1
    for (let i = 0; i < 12; i++) this.u32()
  }

  /** Uniform unsigned 32-bit integer. */
  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0
    this.d = (this.d + 1) | 0
    this.a = this.b ^ (this.b >>> 9)
    this.b = (this.c + (this.c << 3)) | 0
    this.c = (this.c << 21) | (this.c >>> 11)
    this.c = (this.c + t) | 0
    return t >>> 0
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.u32() / 4294967296
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  /** Real number in [min, max). */
  range(min: number, max: number): number {
    return min + this.next() * (max - min)
  }

  chance(p: number): boolean {
    return this.next() < p
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!
  }

  /** Roughly normal (sum of three uniforms), cheap and bounded to mean ± 3 sd. */
  normal(mean: number, sd: number): number {
    return mean + sd * (this.next() + this.next() + this.next() - 1.5) * 2
  }

  /** Index chosen with probability proportional to its weight. */
  weighted(weights: readonly number[], total?: number): number {
    let r = this.next() * (total ?? weights.reduce((s, w) => s + w, 0))
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i]!
      if (r < 0) return i
    }
    return weights.length - 1
  }

  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1))
      const tmp = items[i]!
      items[i] = items[j]!
      items[j] = tmp
    }
    return items
  }
}

const HEX: string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'))
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/**
 * Identifiers drawn from one seeded stream: time-ordered UUIDs (version 7 layout: 48-bit
 * millisecond clock, then random bits), evt_ ids, hex tokens. The clock is the day being
 * generated plus a counter, not the wall clock, so ids stay deterministic; ordered keys keep
 * inserts at the right edge of primary-key B-trees, which matters once a tenant has millions of rows.
 */
export class IdGen {
  private readonly rng: Rng
  private clock = 0

  /** `stream` names the id stream; `salt` moves to a fresh stream when the first id is already taken. */
  constructor(stream: number[], salt: number) {
    this.rng = new Rng(...stream, 0x1d5, salt)
  }

  /** Moves the id clock to `ms` (the start of the day being generated); it only moves forward. */
  setClock(ms: number): void {
    this.clock = Math.max(this.clock + 1, ms)
  }

  private tick(): number {
    return this.clock++
  }

  uuid(): string {
    const r = this.rng
    const ts = this.tick()
    const high = Math.floor(ts / 0x10000) // upper 32 of the 48 clock bits
    const low = ts & 0xffff
    const b = (low << 16) | 0x7000 | (r.u32() & 0x0fff) // version 7
    const c = (r.u32() & 0x3fffffff) | 0x80000000 // RFC 9562 variant
    const d = r.u32()
    return (
      HEX[(high >>> 24) & 255]! +
      HEX[(high >>> 16) & 255]! +
      HEX[(high >>> 8) & 255]! +
      HEX[high & 255]! +
      '-' +
      HEX[(b >>> 24) & 255]! +
      HEX[(b >>> 16) & 255]! +
      '-' +
      HEX[(b >>> 8) & 255]! +
      HEX[b & 255]! +
      '-' +
      HEX[c >>> 24]! +
      HEX[(c >>> 16) & 255]! +
      '-' +
      HEX[(c >>> 8) & 255]! +
      HEX[c & 255]! +
      HEX[d >>> 24]! +
      HEX[(d >>> 16) & 255]! +
      HEX[(d >>> 8) & 255]! +
      HEX[d & 255]!
    )
  }

  /** evt_ ids: 7 base62 characters of the id clock (sortable), then 17 random ones. */
  eventId(): string {
    let ts = this.tick()
    let head = ''
    for (let k = 0; k < 7; k++) {
      head = BASE62[ts % 62] + head
      ts = Math.floor(ts / 62)
    }
    return this.base62(`evt_${head}`, 17)
  }

  /** `prefix` + base62 characters, e.g. evt_ ids of the webhook envelope. */
  base62(prefix: string, length: number): string {
    let out = prefix
    while (out.length < prefix.length + length) {
      let x = this.rng.u32()
      for (let k = 0; k < 5 && out.length < prefix.length + length; k++) {
        out += BASE62[x % 62]
        x = Math.floor(x / 62)
      }
    }
    return out
  }

  hex(bytes: number): string {
    let out = ''
    for (let i = 0; i < bytes; i++) out += HEX[this.rng.u32() & 255]
    return out
  }
}
