DROP INDEX `timesheets_tenant_status_idx`;--> statement-breakpoint
DROP INDEX `timesheets_tenant_period_idx`;--> statement-breakpoint
ALTER TABLE `timesheets` ADD `owner_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE `timesheets` SET `owner_name` = coalesce((SELECT `name` FROM `users` WHERE `users`.`id` = `timesheets`.`user_id`), '');--> statement-breakpoint
CREATE INDEX `timesheets_tenant_status_list_idx` ON `timesheets` (`tenant_id`,`status`,"period_start" desc,`owner_name`,`id`);--> statement-breakpoint
CREATE INDEX `timesheets_tenant_list_idx` ON `timesheets` (`tenant_id`,"period_start" desc,`owner_name`,`id`);
