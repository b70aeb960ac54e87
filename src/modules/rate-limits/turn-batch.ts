import { sqliteOf, type DbLike } from '../../kernel/db'
import { countRequests, type CountAsk, type Counted } from './queries'

/** Where one request's count will be: the turn's results, and this request's place in them. */
export interface TurnTicket {
  /** Settles once the turn's transaction has committed (shared by every request of the turn). */
  turn: Promise<readonly Counted[]>
  index: number
}

interface Turn {
  asks: CountAsk[]
  settled: Promise<readonly Counted[]>
}

/** The turn of each counters connection still gathering requests (none between turns). */
const gathering = new WeakMap<object, Turn>()

/**
 * Counts one request with the others of its event-loop turn: REST, client API and MCP requests
 * that arrive together are counted in ONE transaction (queries.ts `countRequests`), run by a
 * setImmediate scheduled by the turn's first request. The turn's one promise settles when that
 * transaction has committed, so a request goes on only once its count is in the counters' WAL (a
 * SIGKILL loses no acknowledged request), and the decision is made under the write lock against
 * the counts on disk (exact under concurrency, and across `--reuse-port` processes). One commit
 * and one promise per turn instead of one per request: `(await t.turn)[t.index]`.
 */
export function countThisTurn(db: DbLike, ask: CountAsk): TurnTicket {
  const sqlite = sqliteOf(db)
  let turn = gathering.get(sqlite)
  if (!turn) {
    const asks: CountAsk[] = []
    const settled = new Promise<readonly Counted[]>((resolve, reject) => {
      setImmediate(() => {
        gathering.delete(sqlite)
        try {
          resolve(countRequests(db, asks))
        } catch (e) {
          reject(e)
        }
      })
    })
    turn = { asks, settled }
    gathering.set(sqlite, turn)
  }
  return { turn: turn.settled, index: turn.asks.push(ask) - 1 }
}
