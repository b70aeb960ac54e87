CREATE TABLE `person_day_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`clock_in_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `person_day_changes_tenant_idx` ON `person_day_changes` (`tenant_id`);--> statement-breakpoint
CREATE TABLE `person_day_totals` (
	`tenant_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`date` text NOT NULL,
	`worked_ms` integer NOT NULL,
	PRIMARY KEY(`tenant_id`, `user_id`, `date`),
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `person_day_totals_tenant_date_idx` ON `person_day_totals` (`tenant_id`,`date`);--> statement-breakpoint
CREATE TABLE `task_counts` (
	`tenant_id` integer NOT NULL,
	`status` text NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`tenant_id`, `status`)
);
--> statement-breakpoint
CREATE INDEX `time_logs_tenant_out_idx` ON `time_logs` (`tenant_id`,`clock_out_at`);