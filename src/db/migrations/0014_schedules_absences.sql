CREATE TABLE `recurring_schedules` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`user_id` text,
	`team_id` text,
	`template_id` text NOT NULL,
	`days_of_week` text NOT NULL,
	`from_date` text NOT NULL,
	`until_date` text,
	`status` text NOT NULL,
	`published_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`template_id`) REFERENCES `shift_templates`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `recurring_schedules_tenant_idx` ON `recurring_schedules` (`tenant_id`,`status`);--> statement-breakpoint
CREATE TABLE `absences` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`start_time` text,
	`end_time` text,
	`hours` real,
	`paid` integer NOT NULL,
	`note` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `absences_tenant_user_idx` ON `absences` (`tenant_id`,`user_id`,`start_date`);--> statement-breakpoint
CREATE INDEX `absences_tenant_date_idx` ON `absences` (`tenant_id`,`start_date`);--> statement-breakpoint
CREATE TABLE `holidays` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`office_id` text,
	`date` text NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`office_id`) REFERENCES `offices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `holidays_tenant_date_idx` ON `holidays` (`tenant_id`,`date`);--> statement-breakpoint
ALTER TABLE `shift_schedules` ADD `source` text DEFAULT 'one_off' NOT NULL;--> statement-breakpoint
ALTER TABLE `shift_schedules` ADD `recurring_schedule_id` text REFERENCES recurring_schedules(id);--> statement-breakpoint
CREATE INDEX `shift_schedules_tenant_recurring_idx` ON `shift_schedules` (`tenant_id`,`recurring_schedule_id`,`date`);