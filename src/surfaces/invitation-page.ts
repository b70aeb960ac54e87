import { Elysia } from 'elysia'
import { randomUUID } from 'node:crypto'
import type { Static } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { DomainError } from '../kernel/errors'
import { invoke } from '../kernel/operation'
import { acceptInvitation, AcceptInvitationInput, type AcceptInvitationOutput, previewInvitation } from '../modules/users/accept-invitation'
import type { Runtime } from '../runtime'
import { MCP_PATH } from './mcp'
import { requestCtx } from './request-ctx'

/**
 * The page the invitation email links to (`GET /invitations/accept?token=…`): plain HTML rendered
 * here, no client build and no script. GET shows the company, the invitee and what accepting does;
 * its form POSTs the token back (in a hidden field, not in the URL) and the POST accepts through
 * the same operation as `POST /api/v1/client/invitations/accept`, then shows the key once and how
 * to use it. A stopgap until the console serves this path: everything about it is in this file.
 */
export const INVITATION_PAGE_PATH = '/invitations/accept'

const esc = (s: string): string => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;')

/**
 * No script, no frames, forms only to this box; the token in the URL is not sent on as a Referer;
 * the answer (a key after accepting) is never cached.
 */
const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
}

function page(status: number, title: string, body: string, requestId: string): Response {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#222}
code,pre{background:#f3f3f3;border-radius:4px}pre{padding:.75rem;overflow-x:auto;white-space:pre-wrap;word-break:break-all}
button{font-size:1rem;padding:.5rem 1.25rem;cursor:pointer}.key{font-size:1.05rem;padding:.5rem;display:block}</style>
</head><body>
<h1>${esc(title)}</h1>
${body}
</body></html>
`
  return new Response(html, { status, headers: { ...HEADERS, 'x-request-id': requestId } })
}

/** A refusal of the operation, as a page: its message, and what to do about it. */
function refusalPage(e: DomainError, requestId: string): Response {
  const reason = typeof e.details === 'object' && e.details !== null && 'reason' in e.details ? String(e.details.reason) : null
  const title =
    e.code === 'not_found'
      ? 'This invitation link is not valid'
      : reason === 'accepted'
        ? 'This invitation was accepted already'
        : reason === 'expired'
          ? 'This invitation has expired'
          : reason === 'revoked'
            ? 'This invitation was withdrawn'
            : 'This invitation cannot be accepted'
  const advice =
    reason === 'accepted'
      ? 'If you accepted it and lost the key shown then, ask your administrator for a new key.'
      : 'Check that you opened the link of the latest invitation email (only the latest one works), or ask your administrator to invite you again.'
  return page(e.status, title, `<p>${esc(e.message)}</p>\n<p>${esc(advice)}</p>`, requestId)
}

/** The token as the operation accepts it, or null (a malformed one is simply not a valid link). */
function tokenOf(raw: unknown): string | null {
  const input = { token: typeof raw === 'string' ? raw : '' }
  return Value.Check(AcceptInvitationInput, input) ? input.token : null
}

const notValid = () => new DomainError('not_found', 'This invitation link is not valid.')

function showInvitation(rt: Runtime, token: string | null, requestId: string): Response {
  if (token === null) return refusalPage(notValid(), requestId)
  let preview: ReturnType<typeof previewInvitation>
  try {
    preview = previewInvitation(rt.db, token, Date.now())
  } catch (e) {
    if (e instanceof DomainError) return refusalPage(e, requestId)
    throw e
  }
  const who = preview.name ? `${esc(preview.name)} (<strong>${esc(preview.email)}</strong>)` : `<strong>${esc(preview.email)}</strong>`
  const body = `<p>You were invited to join <strong>${esc(preview.company)}</strong> on Workforce as ${who}.</p>
<p>Accepting activates your account as an Employee of ${esc(preview.company)} and shows you, once, a personal key for the
Workforce desktop agent, the mobile app or an AI assistant (MCP client). There is no password: keep the key like one.</p>
<p>This invitation can be accepted until ${esc(preview.expires_at)} (UTC).</p>
<form method="post" action="${INVITATION_PAGE_PATH}">
<input type="hidden" name="token" value="${esc(token)}">
<button type="submit">Accept and join ${esc(preview.company)}</button>
</form>`
  return page(200, `Join ${preview.company}`, body, requestId)
}

async function accept(rt: Runtime, request: Request, requestId: string): Promise<Response> {
  const form = new URLSearchParams(await request.text())
  const token = tokenOf(form.get('token'))
  if (token === null) return refusalPage(notValid(), requestId)
  const ctx = requestCtx(rt, { authorization: null, requestId, surface: 'client', accepted: ['live'] })
  let done: Static<typeof AcceptInvitationOutput>
  let company: string
  try {
    // The company's name for the page; accepting itself is the operation's, checks and all.
    company = previewInvitation(rt.db, token, Date.now()).company
    done = await invoke(acceptInvitation, ctx, { token })
  } catch (e) {
    if (e instanceof DomainError) return refusalPage(e, requestId)
    throw e
  }
  const base = rt.config.publicUrl.replace(/\/+$/, '')
  const mcpConfig = JSON.stringify(
    { mcpServers: { workforce: { type: 'http', url: `${base}${MCP_PATH}`, headers: { Authorization: `Bearer ${done.key}` } } } },
    null,
    2,
  )
  const body = `<p>Welcome, ${esc(done.name)}. Your account <strong>${esc(done.email)}</strong> is active (tenant ${esc(done.tenant)}).</p>
<h2>Your key</h2>
<p>This is shown only once: copy it now and keep it like a password. If you lose it, ask your administrator for a new one.</p>
<code class="key">${esc(done.key)}</code>
<h2>What to do next</h2>
<ul>
<li><strong>Desktop agent or mobile app:</strong> enter the server address <code>${esc(base)}</code> and this key when the app asks for them.</li>
<li><strong>AI assistant (MCP client):</strong> add Workforce as a remote MCP server at <code>${esc(base + MCP_PATH)}</code> with the header
<code>Authorization: Bearer &lt;your key&gt;</code>. For clients configured with an <code>mcpServers</code> file (Claude Desktop through mcp-remote, Cursor):</li>
</ul>
<pre>${esc(mcpConfig)}</pre>
<p>Then ask it, for example, “clock me in” or “how many hours did I work this week?”.</p>`
  return page(200, `You have joined ${company}`, body, requestId)
}

/** The invitation page, mounted by http.ts; the kernel's Host/Origin guard and body cap apply first. */
export function invitationPage(rt: Runtime) {
  const idOf = (headers: Record<string, unknown>) => String(headers['x-request-id'] ?? randomUUID())
  return new Elysia({ name: 'invitation-page' })
    .get(INVITATION_PAGE_PATH, ({ query, set }) => showInvitation(rt, tokenOf(query.token), idOf(set.headers)), {
      detail: { hide: true },
    })
    .post(INVITATION_PAGE_PATH, ({ request, set }) => accept(rt, request, idOf(set.headers)), { parse: 'none', detail: { hide: true } })
}
