import type { Role } from '../kernel/ctx'
import type { SignedInRequest } from './request'

/** The navigation sections, in order; a person sees a section only with a page their role may open. */
export const SECTIONS = ['Employee', 'Manager', 'Admin', 'Account'] as const
export type Section = (typeof SECTIONS)[number]

/** What an action tells the page it re-renders: a message, and the HTTP status to answer with. */
export interface Flash {
  kind: 'ok' | 'error' | 'info'
  text: string
  status?: number
}

/**
 * A console page, declared as data (like routes and jobs): its path, who may open it, where it sits
 * in the navigation, how it renders, and the actions its forms post. A form posts to the page's own
 * path with `_action` naming one of `actions`; the page is then rendered again with the action's
 * flash. Pages and actions reach data only through `invoke(op, req.ctx, input)`.
 */
export interface ConsolePage {
  path: string
  title: string
  /** The lowest role that may open it; others get 403. */
  role: Role
  nav?: { section: Section; label: string }
  render(req: SignedInRequest, flash: Flash | null): JSX.Element
  actions?: Record<string, (req: SignedInRequest, form: URLSearchParams) => Promise<Flash>>
  /**
   * A file the page offers for download (a report as CSV or PDF): called on GET before render, for
   * a person whose role may open the page; null means "no download asked", render the page.
   */
  download?(req: SignedInRequest): Promise<Response | null>
}

export const definePage = (page: ConsolePage): ConsolePage => page
