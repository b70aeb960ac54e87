import type { PDFFont, PDFPage } from 'pdf-lib'
import { csvField } from '../../modules/payroll/pay-run-csv'
import { type Locale, safeLocale } from '../format'
import type { Cell, ColumnInfo, ColumnKind, ReportData, ReportDefinition } from './definitions'

/**
 * The three ways a report is written from its definition (definitions.ts): cells for the HTML
 * table, an Excel-friendly CSV, an A4 PDF. Dates and numbers in the tenant's locale.
 */

export interface Rendered {
  header: string[]
  kinds: ColumnKind[]
  rows: string[][]
  /** The totals line (first cell "Total"), or null when no column is summed. */
  totals: string[] | null
}

/** Sums of the columns marked total (null for the others). */
export function columnTotals(columns: ColumnInfo[], rows: Cell[][]): (number | null)[] {
  return columns.map((c, i) => {
    if (!c.total) return null
    let sum = 0
    for (const r of rows) {
      const v = r[i] ?? null
      if (typeof v === 'number') sum += v
    }
    return sum
  })
}

/** How a cell reads: `display` for screens and PDF (grouping, currency), else for CSV (plain numbers, short dates). */
export function formatCell(l: Locale, kind: ColumnKind, v: Cell, currency: string, display: boolean): string {
  if (v === null || v === '') return display && kind !== 'text' ? '—' : ''
  const loc = safeLocale(l.locale)
  switch (kind) {
    case 'text':
      return String(v)
    case 'date':
      return new Intl.DateTimeFormat(loc, { timeZone: 'UTC', dateStyle: display ? 'medium' : 'short' }).format(new Date(`${v}T00:00:00Z`))
    case 'hours':
    case 'percent':
      return new Intl.NumberFormat(loc, {
        minimumFractionDigits: kind === 'hours' ? 2 : 1,
        maximumFractionDigits: kind === 'hours' ? 2 : 1,
        useGrouping: display,
      }).format(Number(v))
    case 'number':
      return new Intl.NumberFormat(loc, { maximumFractionDigits: 2, useGrouping: display }).format(Number(v))
    case 'money':
      return display
        ? new Intl.NumberFormat(loc, { style: 'currency', currency }).format(Number(v))
        : new Intl.NumberFormat(loc, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(Number(v))
  }
}

/** The report as text cells (display or CSV form). */
export function renderCells(def: ReportDefinition, data: ReportData, l: Locale, display: boolean): Rendered {
  const cols = def.columns
  const rows = data.rows.map((r) => cols.map((c, i) => formatCell(l, c.kind, r[i] ?? null, data.currency, display)))
  const sums = columnTotals(cols, data.rows)
  const totals = sums.some((s) => s !== null)
    ? sums.map((s, i) => (i === 0 ? 'Total' : s === null ? '' : formatCell(l, cols[i]!.kind, s, data.currency, display)))
    : null
  return { header: cols.map((c) => c.label), kinds: cols.map((c) => c.kind), rows, totals }
}

/** The field separator Excel expects in this locale: ";" where the decimal separator is a comma. */
export function csvSeparator(l: Locale): string {
  const decimal = new Intl.NumberFormat(safeLocale(l.locale)).formatToParts(1.5).find((p) => p.type === 'decimal')?.value
  return decimal === ',' ? ';' : ','
}

/**
 * The CSV: UTF-8 with a byte-order mark (Excel then reads accents right), CRLF line ends, the
 * locale's short dates and decimal mark (";" between fields where the decimal mark is a comma),
 * a totals line, and text fields starting with = + - @ defused (csvField of the pay-run CSV).
 */
export function reportCsv(def: ReportDefinition, data: ReportData, l: Locale): string {
  const r = renderCells(def, data, l, false)
  const sep = csvSeparator(l)
  const quote = (f: string) => (f.startsWith('"') || !(f.includes(sep) || /["\r\n]/.test(f)) ? f : `"${f.replaceAll('"', '""')}"`)
  // Text is defused (a name starting with = is never run as a formula); numbers and dates are ours, a minus stays a minus.
  const field = (v: string, kind: ColumnKind) => quote(kind === 'text' ? csvField(v) : v)
  const line = (cells: string[]) => cells.map((c, i) => field(c, r.kinds[i] ?? 'text')).join(sep)
  const lines = [line(r.header), ...r.rows.map(line), ...(r.totals ? [line(r.totals)] : [])]
  return `\uFEFF${lines.join('\r\n')}\r\n`
}

export interface PdfMeta {
  company: string
  period: string | null
  filters: string[]
  generated: string
  notes: string[]
}

const A4 = { width: 595.28, height: 841.89 }
const MARGIN = 40

/**
 * The PDF: A4 portrait, the standard Helvetica font (no font file needed, so it works inside the
 * compiled binary), real text (selectable), title, company, period, filters, the table with its
 * header repeated on each page, and the totals line. Portrait, or landscape when the table needs the width.
 */
export async function reportPdf(def: ReportDefinition, data: ReportData, l: Locale, meta: PdfMeta): Promise<Uint8Array> {
  // Loaded on the first PDF, not when the server starts: ~2 MB of modules most servers never use.
  const { PDFDocument, rgb, StandardFonts } = await import('pdf-lib')
  const r = renderCells(def, data, l, true)
  const doc = await PDFDocument.create()
  doc.setTitle(`${def.title} — ${meta.company}`)
  doc.setCreator('workforce')
  doc.setProducer('workforce (pdf-lib)')
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  // Helvetica covers WinAnsi only: other characters are replaced, never dropped silently.
  const ok = new Map<string, boolean>()
  const clean = (f: PDFFont, s: string): string =>
    [...s.replace(/\u202f|\u00a0/g, ' ').replace(/\u2212/g, '-')]
      .map((ch) => {
        const key = ch
        if (!ok.has(key)) {
          try {
            f.encodeText(ch)
            ok.set(key, true)
          } catch {
            ok.set(key, false)
          }
        }
        return ok.get(key) ? ch : '?'
      })
      .join('')
  const fit = (f: PDFFont, s: string, size: number, width: number): string => {
    let t = clean(f, s)
    if (f.widthOfTextAtSize(t, size) <= width) return t
    while (t.length > 1 && f.widthOfTextAtSize(`${t}…`, size) > width) t = t.slice(0, -1)
    return `${t}…`
  }

  // Column widths: the widest text of each column (headers in bold), text columns at most 170 pt;
  // landscape A4 when the table is wider than portrait A4 allows.
  const size = 8.5
  const body = [...r.rows, ...(r.totals ? [r.totals] : [])]
  const want = r.header.map((h, i) =>
    Math.min(170, Math.max(bold.widthOfTextAtSize(clean(bold, h), size), ...body.map((row) => bold.widthOfTextAtSize(clean(bold, row[i] ?? ''), size))) + 10),
  )
  const natural = want.reduce((a, b) => a + b, 0)
  const landscape = natural > A4.width - 2 * MARGIN
  const W = landscape ? A4.height : A4.width
  const H = landscape ? A4.width : A4.height
  const usable = W - 2 * MARGIN
  const scale = Math.min(1, usable / natural)
  const widths = want.map((w) => w * scale)

  let page: PDFPage = doc.addPage([W, H])
  let y = H - MARGIN
  const text = (s: string, size: number, f = font, x = MARGIN, width = W - 2 * MARGIN) => {
    page.drawText(fit(f, s, size, width), { x, y, size, font: f, color: rgb(0.1, 0.1, 0.1) })
  }
  text(def.title, 18, bold)
  y -= 22
  text(meta.company, 11)
  y -= 15
  if (meta.period) {
    text(`Period: ${meta.period}`, 10)
    y -= 13
  }
  for (const f of meta.filters) {
    text(f, 10)
    y -= 13
  }
  text(`Generated ${meta.generated}`, 9)
  y -= 20

  const row = (cells: string[], f: PDFFont) => {
    let x = MARGIN
    cells.forEach((c, i) => {
      const w = widths[i]!
      const t = fit(f, c, size, w - 4)
      const right = r.kinds[i] !== 'text' && r.kinds[i] !== 'date'
      const tx = right ? x + w - 4 - f.widthOfTextAtSize(t, size) : x
      page.drawText(t, { x: tx, y, size, font: f, color: rgb(0.1, 0.1, 0.1) })
      x += w
    })
    y -= size + 5
  }
  const rule = () => {
    page.drawLine({ start: { x: MARGIN, y: y + size + 1 }, end: { x: W - MARGIN, y: y + size + 1 }, thickness: 0.5, color: rgb(0.5, 0.5, 0.5) })
  }
  const header = () => {
    row(r.header, bold)
    rule()
  }
  header()
  for (const cells of r.rows) {
    if (y < MARGIN + 30) {
      page = doc.addPage([W, H])
      y = H - MARGIN
      header()
    }
    row(cells, font)
  }
  if (r.rows.length === 0) {
    text('No rows for these filters.', 9)
    y -= 14
  }
  if (r.totals) {
    if (y < MARGIN + 30) {
      page = doc.addPage([W, H])
      y = H - MARGIN
    }
    rule()
    y -= 2
    row(r.totals, bold)
  }
  y -= 8
  for (const n of meta.notes) {
    if (y < MARGIN) {
      page = doc.addPage([W, H])
      y = H - MARGIN
    }
    text(n, 8)
    y -= 11
  }
  return await doc.save()
}
