CREATE TABLE `enrollment_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`code_hash` text NOT NULL,
	`created_by_user_id` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`device_id` text,
	`key_id` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`device_id`) REFERENCES `devices`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `enrollment_codes_tenant_user_idx` ON `enrollment_codes` (`tenant_id`,`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `enrollment_codes_hash_uq` ON `enrollment_codes` (`code_hash`);