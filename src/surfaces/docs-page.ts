import type { OpenApiDocument, OpenApiOperation } from './openapi-document'

const esc = (s: string): string => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')
const inline = (s: string): string => esc(s).replace(/`([^`]+)`/g, '<code>$1</code>')

/** The small Markdown subset the API description uses: ## headings, paragraphs, tables. */
export function markdownToHtml(md: string): string {
  const out: string[] = []
  const lines = md.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    if (line.startsWith('## ')) out.push(`<h2>${inline(line.slice(3))}</h2>`)
    else if (line.startsWith('|')) {
      const rows: string[] = []
      for (; i < lines.length && lines[i]!.startsWith('|'); i++) {
        if (/^\|[-| ]+\|$/.test(lines[i]!)) continue
        const cells = lines[i]!.slice(1, -1)
          .split('|')
          .map((c) => c.trim())
        rows.push(`<tr>${cells.map((c) => (rows.length === 0 ? `<th>${inline(c)}</th>` : `<td>${inline(c)}</td>`)).join('')}</tr>`)
      }
      i--
      out.push(`<table>${rows.join('')}</table>`)
    } else if (line.trim()) out.push(`<p>${inline(line)}</p>`)
  }
  return out.join('\n')
}

const typeOf = (schema: Record<string, unknown> | undefined): string => {
  if (!schema) return ''
  const anyOf = schema.anyOf as Record<string, unknown>[] | undefined
  if (anyOf) return anyOf.every((o) => 'const' in o) ? anyOf.map((o) => String(o.const)).join(' | ') : anyOf.map(typeOf).join(' or ')
  if ('const' in schema) return JSON.stringify(schema.const)
  const format = schema.format ? ` (${String(schema.format)})` : typeof schema.pattern === 'string' && schema.pattern.includes('\\d{4}-') ? ' (date)' : ''
  if (schema.type === 'array') return `array of ${typeOf(schema.items as Record<string, unknown>)}`
  return `${String(schema.type ?? 'any')}${format}`
}

function fieldRows(rows: { name: string; where: string; required: boolean; schema?: Record<string, unknown>; description?: string }[]): string {
  if (!rows.length) return ''
  const body = rows
    .map(
      (r) =>
        `<tr><td><code>${esc(r.name)}</code></td><td>${r.where}</td><td>${r.required ? 'yes' : ''}</td><td>${esc(typeOf(r.schema))}</td><td>${esc(r.description ?? String(r.schema?.description ?? ''))}</td></tr>`,
    )
    .join('')
  return `<table><tr><th>name</th><th>in</th><th>required</th><th>type</th><th>description</th></tr>${body}</table>`
}

type Responses = Record<string, { description?: string; $ref?: string }>

function operationHtml(path: string, method: string, op: OpenApiOperation, shared: Responses): string {
  const params = (op.parameters ?? []).map((p) => ({
    name: p.name,
    where: p.in,
    required: !!p.required,
    ...(p.schema ? { schema: p.schema } : {}),
    ...(p.description ? { description: p.description } : {}),
  }))
  const body = op.requestBody?.content['application/json']?.schema
  const required = new Set((body?.required ?? []) as string[])
  const bodyRows = Object.entries((body?.properties ?? {}) as Record<string, Record<string, unknown>>).map(([name, schema]) => ({
    name,
    where: 'body',
    required: required.has(name),
    schema,
  }))
  const described = (r: { description?: string; $ref?: string }) => (r.$ref ? shared[r.$ref.split('/').pop()!]?.description : r.description) ?? ''
  const responses = Object.entries((op.responses ?? {}) as Responses)
    .map(([s, r]) => `<li><b>${esc(s)}</b> ${inline(described(r))}</li>`)
    .join('')
  const id = op.operationId ?? `${method}-${path}`
  return `<section class="op" id="${esc(id)}">
<h3><span class="m ${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h3>
<p><b>${esc(op.summary ?? '')}</b></p>${(op.description ?? '')
    .split('\n')
    .filter(Boolean)
    .map((l) => `<p>${inline(l)}</p>`)
    .join('')}
${fieldRows([...params, ...bodyRows])}
<ul class="responses">${responses}</ul>
</section>`
}

/** A self-contained docs page (no CDN: appliances often run offline) rendered from the document. */
export function renderDocsPage(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>()
  const toc: string[] = []
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const tag = op.tags?.[0] ?? 'other'
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(path, method, op, (doc.components.responses ?? {}) as Responses)])
      toc.push(`<li><a href="#${esc(op.operationId ?? `${method}-${path}`)}">${esc(method.toUpperCase())} ${esc(path)}</a></li>`)
    }
  }
  const sections = doc.tags
    .filter((t) => byTag.has(t.name))
    .map((t) => `<h2 id="tag-${esc(t.name)}">${esc(t.name)}</h2><p>${inline(t.description)}</p>${byTag.get(t.name)!.join('\n')}`)
    .join('\n')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(doc.info.title)} ${esc(doc.info.version)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:1000px;margin:2em auto;padding:0 1em;color:#222}
code{background:#f3f3f3;padding:0 .25em;border-radius:3px}table{border-collapse:collapse;margin:.5em 0}
td,th{border:1px solid #ddd;padding:.25em .5em;text-align:left;vertical-align:top}.op{border-top:1px solid #eee;padding-top:.5em}
.m{font-weight:bold;padding:0 .4em;border-radius:3px;color:#fff}.get{background:#2f7d32}.post{background:#1565c0}.delete{background:#c62828}nav ul{columns:2}
</style></head><body>
<h1>${esc(doc.info.title)} <small>${esc(doc.info.version)}</small></h1>
<p>Machine-readable: <a href="openapi.json">OpenAPI 3.1 document</a> · <a href="postman.json">Postman collection</a></p>
${markdownToHtml(doc.info.description)}
<nav><h2>Endpoints</h2><ul>${toc.join('')}</ul></nav>
${sections}
</body></html>`
}
