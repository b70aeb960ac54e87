CREATE TABLE `tenant_day_totals` (
	`tenant_id` integer NOT NULL,
	`date` text NOT NULL,
	`worked_ms` integer DEFAULT 0 NOT NULL,
	`productive_seconds` integer DEFAULT 0 NOT NULL,
	`neutral_seconds` integer DEFAULT 0 NOT NULL,
	`unproductive_seconds` integer DEFAULT 0 NOT NULL,
	`idle_seconds` integer DEFAULT 0 NOT NULL,
	`summary_rows` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`tenant_id`, `date`),
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `tenant_user_counts` (
	`tenant_id` integer NOT NULL,
	`status` text NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`tenant_id`, `status`),
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
