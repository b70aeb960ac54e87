-- zone_offsets is WITHOUT ROWID (by hand: drizzle's schema cannot say it). person_week_totals and
-- tenant_week_totals are kept tables (dashboard/person-week-totals.ts): made again with their new
-- columns (drizzle cannot add stored generated columns) and counted again at start, when their
-- triggers are found missing.
CREATE TABLE `zone_offsets` (
	`zone` text NOT NULL,
	`from_ms` integer NOT NULL,
	`offset_ms` integer,
	PRIMARY KEY(`zone`, `from_ms`)
) WITHOUT ROWID;
--> statement-breakpoint
DROP TABLE `person_week_totals`;--> statement-breakpoint
DROP TABLE `tenant_week_totals`;--> statement-breakpoint
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
	`open_in` integer,
	`open_day` integer,
	`open_break_ms` integer DEFAULT 0 NOT NULL,
	`open_lunch_ms` integer DEFAULT 0 NOT NULL,
	`open_break_kind` text,
	`open_break_since` integer,
	`open_odd` integer DEFAULT 0 NOT NULL,
	`open_latest` integer,
	`paid_break` integer DEFAULT 0 NOT NULL,
	`paid_lunch` integer DEFAULT 0 NOT NULL,
	`open_base` integer GENERATED ALWAYS AS (case when open_in is not null then open_in + (case when paid_break = 1 then 0 else open_break_ms end) + (case when paid_lunch = 1 then 0 else open_lunch_ms end) end) STORED,
	`open_paused_at` integer GENERATED ALWAYS AS (case when open_in is not null and ((open_break_kind = 'break' and paid_break = 0) or (open_break_kind = 'lunch' and paid_lunch = 0)) then open_break_since end) STORED,
	`open_day_ms` integer GENERATED ALWAYS AS ((case open_day when 0 then d0 when 1 then d1 when 2 then d2 when 3 then d3 when 4 then d4 when 5 then d5 when 6 then d6 end)) STORED,
	`open_shift_ms` integer GENERATED ALWAYS AS ((case open_day when 0 then s0 when 1 then s1 when 2 then s2 when 3 then s3 when 4 then s4 when 5 then s5 when 6 then s6 end)) STORED,
	`week_static` integer GENERATED ALWAYS AS (case when open_in is null then worked_ms when open_paused_at is not null then worked_ms + max(0, open_paused_at - open_base) end) STORED,
	`week_running` integer GENERATED ALWAYS AS (case when open_in is not null and open_paused_at is null then worked_ms - open_base end) STORED,
	`ot_static` real GENERATED ALWAYS AS (case when open_in is null then overtime_ms when open_paused_at is not null then max((over_shift_ms - (case when open_day_ms > open_shift_ms + 900000 then open_day_ms - open_shift_ms else 0 end)) + (case when open_day_ms + max(0, open_paused_at - open_base) > open_shift_ms + 900000 then open_day_ms + max(0, open_paused_at - open_base) - open_shift_ms else 0 end), case when contract_ms > 0 and worked_ms + max(0, open_paused_at - open_base) > contract_ms then worked_ms + max(0, open_paused_at - open_base) - contract_ms else 0 end) else (over_shift_ms - (case when open_day_ms > open_shift_ms + 900000 then open_day_ms - open_shift_ms else 0 end)) end) STORED,
	`ot_run_week` real GENERATED ALWAYS AS (case when week_running is not null and contract_ms > 0 then week_running - contract_ms end) STORED,
	`ot_run_day` integer GENERATED ALWAYS AS (case when week_running is not null and open_shift_ms is not null then (over_shift_ms - (case when open_day_ms > open_shift_ms + 900000 then open_day_ms - open_shift_ms else 0 end)) + open_day_ms - open_shift_ms - open_base end) STORED,
	`open_guard` integer GENERATED ALWAYS AS (case when open_in is null then null when open_odd > 0 then 9007199254740991 else max(open_latest, open_base) end) STORED,
	PRIMARY KEY(`tenant_id`, `monday`, `user_id`),
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `person_week_totals_hours_idx` ON `person_week_totals` (`tenant_id`,`monday`,`active`,`worked_ms`,`overtime_ms`,`days_worked`,`name`);--> statement-breakpoint
CREATE INDEX `person_week_totals_overtime_idx` ON `person_week_totals` (`tenant_id`,`monday`,`active`,`overtime_ms`,`worked_ms`,`days_worked`,`name`);--> statement-breakpoint
CREATE INDEX `person_week_totals_static_idx` ON `person_week_totals` (`tenant_id`,`monday`,`active`,`week_static`);--> statement-breakpoint
CREATE INDEX `person_week_totals_running_idx` ON `person_week_totals` (`tenant_id`,`monday`,`active`,`week_running`);--> statement-breakpoint
CREATE INDEX `person_week_totals_ot_static_idx` ON `person_week_totals` (`tenant_id`,`monday`,`active`,`ot_static`);--> statement-breakpoint
CREATE INDEX `person_week_totals_ot_week_idx` ON `person_week_totals` (`tenant_id`,`monday`,`active`,`ot_run_week`);--> statement-breakpoint
CREATE INDEX `person_week_totals_ot_day_idx` ON `person_week_totals` (`tenant_id`,`monday`,`active`,`ot_run_day`);--> statement-breakpoint
CREATE INDEX `person_week_totals_guard_idx` ON `person_week_totals` (`tenant_id`,`monday`,`open_guard`);--> statement-breakpoint
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
	`r0` integer DEFAULT 0 NOT NULL,
	`r1` integer DEFAULT 0 NOT NULL,
	`r2` integer DEFAULT 0 NOT NULL,
	`r3` integer DEFAULT 0 NOT NULL,
	`r4` integer DEFAULT 0 NOT NULL,
	`r5` integer DEFAULT 0 NOT NULL,
	`r6` integer DEFAULT 0 NOT NULL,
	`b0` integer DEFAULT 0 NOT NULL,
	`b1` integer DEFAULT 0 NOT NULL,
	`b2` integer DEFAULT 0 NOT NULL,
	`b3` integer DEFAULT 0 NOT NULL,
	`b4` integer DEFAULT 0 NOT NULL,
	`b5` integer DEFAULT 0 NOT NULL,
	`b6` integer DEFAULT 0 NOT NULL,
	`p0` integer DEFAULT 0 NOT NULL,
	`p1` integer DEFAULT 0 NOT NULL,
	`p2` integer DEFAULT 0 NOT NULL,
	`p3` integer DEFAULT 0 NOT NULL,
	`p4` integer DEFAULT 0 NOT NULL,
	`p5` integer DEFAULT 0 NOT NULL,
	`p6` integer DEFAULT 0 NOT NULL,
	`with_time_static` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`tenant_id`, `monday`),
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
