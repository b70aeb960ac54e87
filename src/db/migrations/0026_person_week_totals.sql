-- person_week_totals is WITHOUT ROWID (by hand: drizzle's schema cannot say it), so one week's rows lie together (dashboard/schema.ts).
CREATE TABLE `person_week_totals` (
	`tenant_id` integer NOT NULL,
	`monday` text NOT NULL,
	`user_id` text NOT NULL,
	`d0` integer DEFAULT 0 NOT NULL,
	`d1` integer DEFAULT 0 NOT NULL,
	`d2` integer DEFAULT 0 NOT NULL,
	`d3` integer DEFAULT 0 NOT NULL,
	`d4` integer DEFAULT 0 NOT NULL,
	`d5` integer DEFAULT 0 NOT NULL,
	`d6` integer DEFAULT 0 NOT NULL,
	`s0` integer,
	`s1` integer,
	`s2` integer,
	`s3` integer,
	`s4` integer,
	`s5` integer,
	`s6` integer,
	`name` text DEFAULT '' NOT NULL,
	`contract_ms` real DEFAULT 0 NOT NULL,
	`active` integer DEFAULT 0 NOT NULL,
	`worked_ms` integer GENERATED ALWAYS AS ((d0 + d1 + d2 + d3 + d4 + d5 + d6)) STORED,
	`days_worked` integer GENERATED ALWAYS AS ((d0 > 0) + (d1 > 0) + (d2 > 0) + (d3 > 0) + (d4 > 0) + (d5 > 0) + (d6 > 0)) STORED,
	`over_shift_ms` integer GENERATED ALWAYS AS ((case when d0 > s0 + 900000 then d0 - s0 else 0 end) + (case when d1 > s1 + 900000 then d1 - s1 else 0 end) + (case when d2 > s2 + 900000 then d2 - s2 else 0 end) + (case when d3 > s3 + 900000 then d3 - s3 else 0 end) + (case when d4 > s4 + 900000 then d4 - s4 else 0 end) + (case when d5 > s5 + 900000 then d5 - s5 else 0 end) + (case when d6 > s6 + 900000 then d6 - s6 else 0 end)) STORED,
	`overtime_ms` real GENERATED ALWAYS AS (max((case when d0 > s0 + 900000 then d0 - s0 else 0 end) + (case when d1 > s1 + 900000 then d1 - s1 else 0 end) + (case when d2 > s2 + 900000 then d2 - s2 else 0 end) + (case when d3 > s3 + 900000 then d3 - s3 else 0 end) + (case when d4 > s4 + 900000 then d4 - s4 else 0 end) + (case when d5 > s5 + 900000 then d5 - s5 else 0 end) + (case when d6 > s6 + 900000 then d6 - s6 else 0 end), case when contract_ms > 0 and (d0 + d1 + d2 + d3 + d4 + d5 + d6) > contract_ms then (d0 + d1 + d2 + d3 + d4 + d5 + d6) - contract_ms else 0 end)) STORED,
	PRIMARY KEY(`tenant_id`, `monday`, `user_id`),
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `person_week_totals_hours_idx` ON `person_week_totals` (`tenant_id`,`monday`,`active`,`worked_ms`,`overtime_ms`,`days_worked`,`name`);--> statement-breakpoint
CREATE INDEX `person_week_totals_overtime_idx` ON `person_week_totals` (`tenant_id`,`monday`,`active`,`overtime_ms`,`worked_ms`,`days_worked`,`name`);--> statement-breakpoint
CREATE TABLE `tenant_week_totals` (
	`tenant_id` integer NOT NULL,
	`monday` text NOT NULL,
	`d0` integer DEFAULT 0 NOT NULL,
	`d1` integer DEFAULT 0 NOT NULL,
	`d2` integer DEFAULT 0 NOT NULL,
	`d3` integer DEFAULT 0 NOT NULL,
	`d4` integer DEFAULT 0 NOT NULL,
	`d5` integer DEFAULT 0 NOT NULL,
	`d6` integer DEFAULT 0 NOT NULL,
	`with_time` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`tenant_id`, `monday`),
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
