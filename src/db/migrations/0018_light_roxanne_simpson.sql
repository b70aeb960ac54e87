DROP INDEX `users_tenant_name_idx`;--> statement-breakpoint
CREATE INDEX `users_tenant_status_idx` ON `users` (`tenant_id`,`status`);--> statement-breakpoint
CREATE INDEX `users_tenant_name_idx` ON `users` (`tenant_id`,`name`,`id`);--> statement-breakpoint
CREATE INDEX `timesheets_tenant_period_idx` ON `timesheets` (`tenant_id`,`period_start`);