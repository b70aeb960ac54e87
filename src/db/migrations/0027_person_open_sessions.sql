-- person_open_sessions is WITHOUT ROWID (by hand: drizzle's schema cannot say it), so a tenant's rows lie together (dashboard/schema.ts).
CREATE TABLE `person_open_sessions` (
	`tenant_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`log_id` text NOT NULL,
	`clock_in_at` integer NOT NULL,
	`break_ended_ms` integer DEFAULT 0 NOT NULL,
	`lunch_ended_ms` integer DEFAULT 0 NOT NULL,
	`open_break_kind` text,
	`open_break_since` integer,
	`latest_break_at` integer,
	`odd_breaks` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`tenant_id`, `user_id`),
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `person_open_sessions_log_idx` ON `person_open_sessions` (`tenant_id`,`log_id`);