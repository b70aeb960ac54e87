/** The desktop agent's side of the client API (`/api/v1/client/…`), with the user-scoped key. */

export interface ApiError {
  code: string
  message: string
  details?: Record<string, unknown>
}

/** An answer of the server; `status` 0 when it could not be reached. */
export type ApiResult<T> = { ok: true; status: number; body: T } | { ok: false; status: number; error: ApiError }

export class ClientApi {
  constructor(
    readonly server: string,
    private readonly key: string | null,
    private readonly timeoutMs = 15_000,
  ) {}

  async post<T>(path: string, body: unknown): Promise<ApiResult<T>> {
    const url = `${this.server.replace(/\/+$/, '')}/api/v1/client${path}`
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (this.key) headers.authorization = `Bearer ${this.key}`
    let res: Response
    try {
      res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(this.timeoutMs) })
    } catch (e) {
      return { ok: false, status: 0, error: { code: 'unreachable', message: `Cannot reach ${this.server}: ${(e as Error).message}` } }
    }
    const text = await res.text()
    let json: unknown = null
    try {
      json = text ? JSON.parse(text) : null
    } catch {
      json = null
    }
    if (res.ok) return { ok: true, status: res.status, body: json as T }
    const error = (json as { error?: ApiError } | null)?.error ?? { code: 'http_error', message: `HTTP ${res.status}: ${text.slice(0, 200)}` }
    return { ok: false, status: res.status, error }
  }
}

/** Worth sending again later: the server was unreachable, overloaded or failing. */
export const isTransient = (r: { ok: boolean; status: number }): boolean => !r.ok && (r.status === 0 || r.status === 429 || r.status >= 500)
