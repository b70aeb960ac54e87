/** Dates, times and numbers in the tenant's time zone and locale (tenants.timezone, tenants.locale). */
export interface Locale {
  timezone: string
  locale: string
}

export const safeLocale = (l: string): string => {
  try {
    return Intl.getCanonicalLocales(l)[0] ?? 'en-US'
  } catch {
    return 'en-US'
  }
}

export const formatTime = (l: Locale, iso: string | number | null): string =>
  iso === null ? '—' : new Intl.DateTimeFormat(safeLocale(l.locale), { timeZone: l.timezone, hour: '2-digit', minute: '2-digit' }).format(new Date(iso))

export const formatDateTime = (l: Locale, iso: string | number | null): string =>
  iso === null ? '—' : new Intl.DateTimeFormat(safeLocale(l.locale), { timeZone: l.timezone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))

export const formatDay = (l: Locale, isoDate: string): string =>
  new Intl.DateTimeFormat(safeLocale(l.locale), { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(`${isoDate}T00:00:00Z`))

export const formatLongToday = (l: Locale, now: number): string =>
  new Intl.DateTimeFormat(safeLocale(l.locale), { timeZone: l.timezone, dateStyle: 'full' }).format(new Date(now))

/** Hours as "7 h 30 min" style, with the locale's digits. */
export function formatHours(l: Locale, hours: number): string {
  const total = Math.round(hours * 60)
  const nf = new Intl.NumberFormat(safeLocale(l.locale))
  return `${nf.format(Math.floor(total / 60))} h ${nf.format(total % 60)} min`
}
