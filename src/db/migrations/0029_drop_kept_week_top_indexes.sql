-- The kept weeks' top-of-list indexes: read by the per-clocked-in-person path, removed with it (team-hours-now.ts reads the streams' indexes).
DROP INDEX `person_week_totals_hours_idx`;--> statement-breakpoint
DROP INDEX `person_week_totals_overtime_idx`;