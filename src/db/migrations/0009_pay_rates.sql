CREATE TABLE `project_bill_rates` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`project_id` text NOT NULL,
	`hourly_rate_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`effective_from` text NOT NULL,
	`effective_to` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `project_bill_rates_tenant_project_idx` ON `project_bill_rates` (`tenant_id`,`project_id`,`effective_from`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_rate_cards` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`name` text NOT NULL,
	`user_id` text,
	`team_id` text,
	`role` text,
	`work_profile` text,
	`hourly_rate_cents` integer NOT NULL,
	`overtime_multiplier` real,
	`currency` text NOT NULL,
	`effective_from` text NOT NULL,
	`effective_to` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- rate_cards had no role column before: NULL, not the string drizzle-kit's "role" would become.
INSERT INTO `__new_rate_cards`("id", "tenant_id", "name", "user_id", "team_id", "role", "work_profile", "hourly_rate_cents", "overtime_multiplier", "currency", "effective_from", "effective_to", "created_at") SELECT "id", "tenant_id", "name", "user_id", "team_id", NULL, "work_profile", "hourly_rate_cents", "overtime_multiplier", "currency", "effective_from", "effective_to", "created_at" FROM `rate_cards`;--> statement-breakpoint
DROP TABLE `rate_cards`;--> statement-breakpoint
ALTER TABLE `__new_rate_cards` RENAME TO `rate_cards`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `rate_cards_tenant_idx` ON `rate_cards` (`tenant_id`,`effective_from`);