CREATE TABLE `tenant_retention` (
	`tenant_id` integer NOT NULL,
	`data_kind` text NOT NULL,
	`retention_days` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tenant_retention_tenant_kind_uq` ON `tenant_retention` (`tenant_id`,`data_kind`);--> statement-breakpoint
ALTER TABLE `offices` ADD `geofence_policy` text;