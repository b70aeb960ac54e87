DROP INDEX `users_tenant_name_idx`;--> statement-breakpoint
CREATE INDEX `users_tenant_name_idx` ON `users` (`tenant_id`,`name`,`id`,`status`,`weekly_hours`);--> statement-breakpoint
DROP INDEX `person_day_totals_tenant_date_idx`;--> statement-breakpoint
CREATE INDEX `person_day_totals_tenant_date_idx` ON `person_day_totals` (`tenant_id`,`date`,`user_id`,`worked_ms`);