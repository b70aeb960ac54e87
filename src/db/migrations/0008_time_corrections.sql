CREATE TABLE `time_corrections` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`time_log_id` text,
	`kind` text NOT NULL,
	`work_date` text NOT NULL,
	`before` text,
	`after` text NOT NULL,
	`reason` text NOT NULL,
	`corrected_by_user_id` text,
	`corrected_at` integer NOT NULL,
	`adjustment_seconds` integer,
	`lands_on` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`time_log_id`) REFERENCES `time_logs`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`corrected_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `time_corrections_tenant_user_idx` ON `time_corrections` (`tenant_id`,`user_id`,`corrected_at`);--> statement-breakpoint
CREATE INDEX `time_corrections_tenant_lands_idx` ON `time_corrections` (`tenant_id`,`lands_on`);