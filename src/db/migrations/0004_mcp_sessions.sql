CREATE TABLE `mcp_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`key_id` text NOT NULL,
	`mode` text NOT NULL,
	`protocol_version` text NOT NULL,
	`client_name` text,
	`client_version` text,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mcp_sessions_tenant_key_seen_idx` ON `mcp_sessions` (`tenant_id`,`key_id`,`last_seen_at`);