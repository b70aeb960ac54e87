CREATE TABLE `tenant_open_sessions` (
	`tenant_id` integer NOT NULL,
	`bucket` integer NOT NULL,
	`open_logs` integer DEFAULT 0 NOT NULL,
	`clock_in_sum` integer DEFAULT 0 NOT NULL,
	`break_ended_ms` integer DEFAULT 0 NOT NULL,
	`break_open` integer DEFAULT 0 NOT NULL,
	`break_open_start_sum` integer DEFAULT 0 NOT NULL,
	`lunch_ended_ms` integer DEFAULT 0 NOT NULL,
	`lunch_open` integer DEFAULT 0 NOT NULL,
	`lunch_open_start_sum` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`tenant_id`, `bucket`),
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `tenant_timesheet_counts` (
	`tenant_id` integer NOT NULL,
	`status` text NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`tenant_id`, `status`),
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
