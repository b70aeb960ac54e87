CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`at` integer NOT NULL,
	`actor_kind` text NOT NULL,
	`actor_user_id` text,
	`actor_key_id` text,
	`surface` text NOT NULL,
	`action` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text NOT NULL,
	`before` text,
	`after` text,
	`reason` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `audit_log_tenant_at_idx` ON `audit_log` (`tenant_id`,`at`);--> statement-breakpoint
CREATE INDEX `audit_log_tenant_entity_idx` ON `audit_log` (`tenant_id`,`entity`,`entity_id`);