/** @jsxImportSource @kitajs/html */
import type { SignedInRequest } from '../request'

/** The 1-based page number of the address (`?page=`), at least 1. */
export const pageOf = (req: SignedInRequest, param = 'page'): number => {
  const n = Number(req.url.searchParams.get(param))
  return Number.isInteger(n) && n > 1 ? n : 1
}

/** `items` cut to one page of `size`, with the page actually shown (the last one when asked past it). */
export function slicePage<T>(items: T[], page: number, size: number): { rows: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / size))
  const p = Math.min(page, pages)
  return { rows: items.slice((p - 1) * size, p * size), page: p, pages }
}

/** "Previous · Page 2 of 7 · Next" links that keep the address's other parameters (hx-boost navigates). */
export function Pager(props: { req: SignedInRequest; page: number; pages: number; label: string; param?: string }) {
  if (props.pages <= 1) return ''
  const param = props.param ?? 'page'
  const href = (n: number) => {
    const q = new URLSearchParams(props.req.url.searchParams)
    q.set(param, String(n))
    return `${props.req.url.pathname}?${q}`
  }
  return (
    <nav class="pager" aria-label={props.label}>
      {props.page > 1 ? (
        <a href={href(props.page - 1)} rel="prev">
          Previous
        </a>
      ) : (
        ''
      )}
      <span>
        Page {props.page} of {props.pages}
      </span>
      {props.page < props.pages ? (
        <a href={href(props.page + 1)} rel="next">
          Next
        </a>
      ) : (
        ''
      )}
    </nav>
  )
}
