/**
 * The body of a JSON answer written after its request's event-loop turn (every REST and MCP
 * answer waits for the rate-limit turn's commit: rate-limits/turn-batch.ts).
 *
 * Why: Bun writes such a late answer's status line and headers one piece at a time when its body
 * is larger than its 16 KiB cork buffer: a `sendto` per name, ": ", value and CRLF (43 calls for
 * the activity summary with its rate-limit headers), each a packet of its own, ~300 µs of kernel
 * time for a 445 KB answer. An answer made within the request's turn, or whose body is a stream,
 * goes out in one `sendmsg` (headers and body) and one `sendto` (the last chunk's terminator).
 * So a large body is handed over as a one-chunk stream: the same bytes, framed with
 * `Transfer-Encoding: chunked` instead of a `Content-Length` (docs/performance.md, "Large answers").
 */

/** Bodies up to this many bytes go out whole (Bun's cork buffer, LIBUS_SEND_BUFFER_LENGTH). */
export const CORK_BYTES = 16 * 1024

/** `body` as Bun writes it best: as it is when small, a one-chunk stream of it when large. */
export function answerBody(body: string | Uint8Array): string | Uint8Array | ReadableStream<string | Uint8Array> {
  if (fitsTheCork(body)) return body
  // A string chunk as it is: Bun encodes it to UTF-8 as it writes it (Bun's streams take string
  // chunks). Encoding it here first (TextEncoder) cost ~45 µs more for the 43 KB MCP team hours
  // answer, a string joined from parts (docs/performance.md); the bytes on the wire are the same.
  return new ReadableStream<string | Uint8Array>({
    start(controller) {
      controller.enqueue(body)
      controller.close()
    },
  })
}

/**
 * Whether a body goes out whole. A string of n UTF-16 units is n to 3n UTF-8 bytes: most answers
 * are told small by their length; one in between is measured without encoding it.
 */
function fitsTheCork(body: string | Uint8Array): boolean {
  if (typeof body !== 'string') return body.byteLength <= CORK_BYTES
  return body.length * 3 <= CORK_BYTES || (body.length <= CORK_BYTES && Buffer.byteLength(body, 'utf8') <= CORK_BYTES)
}

export type SetHeaders = Record<string, string | number | undefined>

/**
 * A REST JSON answer carrying the headers already set for this request (request id, rate limits).
 * They are moved into the Response and cleared from `set`: with nothing left to merge, Elysia
 * hands the Response to the server as it is, instead of rebuilding it around a stream of its body.
 */
export function jsonAnswer(body: string | Uint8Array, set: { headers: SetHeaders }, status = 200): Response {
  return new Response(answerBody(body), { status, headers: jsonHeadersTaking(set) })
}

/**
 * A JSON answer's headers: content-type and the headers already set for this request, which are
 * moved out of `set` (see jsonAnswer). Building a Response with them costs less than setting them
 * on its Headers afterwards (~0.4 µs a header, issue 18).
 */
export function jsonHeadersTaking(set: { headers: SetHeaders }, own?: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  for (const k in set.headers) {
    const v = set.headers[k]
    if (v !== undefined && k !== 'content-type') headers[k] = String(v)
    delete set.headers[k]
  }
  if (own) for (const k in own) headers[k] = own[k]!
  return headers
}

/**
 * A Response built by a handler, given the headers already set for this request (request id, CORS)
 * that it does not carry itself, which are cleared from `set`: with nothing left to merge, Elysia
 * hands it to the server as it is instead of copying it into a new Response around a stream of its
 * body (~7 µs of an MCP list_employees answer). The Response's own headers win, as in Elysia's merge.
 */
export function withSetHeaders(response: Response, set: { headers: SetHeaders }): Response {
  for (const [k, v] of Object.entries(set.headers)) {
    if (v !== undefined && !response.headers.has(k)) response.headers.set(k, String(v))
    delete set.headers[k]
  }
  return response
}
