/** @jsxImportSource @kitajs/html */
import { e } from '../layout'

/**
 * One table of the console: a focusable, scrollable region (keyboard scrolling on a phone) named
 * by a heading (`labelledBy`) or a label, header cells with `scope="col"`, and an empty text
 * instead of the table when there are no rows. A column gives either `text` (escaped here) or
 * `cell` (markup the page built, its dynamic text already escaped).
 */
export interface Column<R> {
  header: string
  /** The header is read by screen readers only (an action column). */
  srOnly?: boolean
  /** A class of the column's data cells. */
  class?: string
  /** The column's cells head their row (`<th scope="row">`), e.g. the label of a comparison. */
  rowHeader?: boolean
  text?: (row: R) => string | number | null | undefined
  cell?: (row: R) => JSX.Element
}

export function Table<R>(props: {
  rows: readonly R[]
  columns: Column<R>[]
  /** Shown instead of the table when there are no rows; without it an empty table is shown. */
  empty?: string
  /** The id of the heading that names the table's region. */
  labelledBy?: string
  /** Or a label of the region. */
  label?: string
  /** Classes added to the region (e.g. integrations-table). */
  class?: string
  /** Attributes of a row (data-… ids that tests and scripts find rows by). */
  rowAttrs?: (row: R) => Record<string, string>
  /** A visible caption of the table (e.g. the table that repeats a chart's numbers). */
  caption?: string
}): JSX.Element {
  if (props.rows.length === 0 && props.empty !== undefined) {
    return (
      <p class="muted" safe>
        {props.empty}
      </p>
    )
  }
  const region = props.class ? `table-wrap ${props.class}` : 'table-wrap'
  return (
    <section class={region} tabindex="0" aria-labelledby={props.labelledBy} aria-label={props.labelledBy ? undefined : props.label}>
      <table>
        {props.caption === undefined ? '' : <caption safe>{props.caption}</caption>}
        <thead>
          <tr>
            {props.columns.map((c) =>
              c.srOnly ? (
                <th scope="col">
                  <span class="sr-only" safe>
                    {c.header}
                  </span>
                </th>
              ) : (
                <th scope="col" safe>
                  {c.header}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr {...(props.rowAttrs?.(row) ?? {})}>
              {props.columns.map((c) =>
                c.rowHeader ? (
                  <th scope="row" class={c.class}>
                    {c.cell ? c.cell(row) : e(c.text?.(row) ?? '')}
                  </th>
                ) : (
                  <td class={c.class}>{c.cell ? c.cell(row) : e(c.text?.(row) ?? '')}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
