ALTER TABLE `users` ADD `employee_number` text;--> statement-breakpoint
ALTER TABLE `users` ADD `start_date` text;--> statement-breakpoint
ALTER TABLE `users` ADD `home_office_id` text REFERENCES offices(id);--> statement-breakpoint
CREATE UNIQUE INDEX `users_tenant_employee_number_uq` ON `users` (`tenant_id`,`employee_number`) WHERE employee_number is not null;