ALTER TABLE `tenants` ADD `locale` text DEFAULT 'en-US' NOT NULL;--> statement-breakpoint
ALTER TABLE `tenants` ADD `week_start` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `tenants` ADD `pay_period_anchor` text;--> statement-breakpoint
ALTER TABLE `tenants` ADD `pay_overtime_daily_hours` real;--> statement-breakpoint
ALTER TABLE `tenants` ADD `pay_overtime_weekly_hours` real;--> statement-breakpoint
ALTER TABLE `tenants` ADD `overtime_multiplier` real DEFAULT 1.5 NOT NULL;--> statement-breakpoint
ALTER TABLE `tenants` ADD `paid_break_kinds` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `tenants` ADD `outside_zone_minutes` integer DEFAULT 15 NOT NULL;