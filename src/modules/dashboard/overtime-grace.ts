/**
 * Minutes a day may run over its scheduled shift before the day counts as overtime (overtime.ts,
 * the rule). Its own file: the schema's generated columns state the rule in SQL too, and the
 * schema must not import the rule's queries.
 */
export const DAILY_GRACE_MINUTES = 15
