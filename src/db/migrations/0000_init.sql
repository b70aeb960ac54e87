CREATE TABLE `plans` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`monthly_price_cents` integer,
	`currency` text DEFAULT 'USD' NOT NULL,
	`contact_sales` integer DEFAULT false NOT NULL,
	`mcp_access` integer NOT NULL,
	`rest_access` integer NOT NULL,
	`features` text NOT NULL,
	`max_seats` integer,
	`trial_days` integer DEFAULT 14 NOT NULL,
	`sort_order` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `retention_policies` (
	`plan_id` text NOT NULL,
	`data_kind` text NOT NULL,
	`retention_days` integer NOT NULL,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `retention_policies_plan_kind_uq` ON `retention_policies` (`plan_id`,`data_kind`);--> statement-breakpoint
CREATE TABLE `tenants` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`readable_id` text NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`plan_id` text NOT NULL,
	`timezone` text DEFAULT 'UTC' NOT NULL,
	`is_demo` integer DEFAULT false NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`geofence_policy` text DEFAULT 'record' NOT NULL,
	`presence_tap_minutes` integer,
	`idle_threshold_seconds` integer DEFAULT 300 NOT NULL,
	`productivity_drop_threshold` integer DEFAULT 50 NOT NULL,
	`auto_clock_out_hours` integer DEFAULT 14 NOT NULL,
	`pay_period` text DEFAULT 'weekly' NOT NULL,
	`overtime_daily_hours` real DEFAULT 10 NOT NULL,
	`created_at` integer NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tenants_readable_id_uq` ON `tenants` (`readable_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `tenants_slug_uq` ON `tenants` (`slug`);--> statement-breakpoint
CREATE INDEX `tenants_demo_idx` ON `tenants` (`is_demo`) WHERE deleted_at is null;--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`subscription_id` text NOT NULL,
	`number` text NOT NULL,
	`period_start` text NOT NULL,
	`period_end` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text NOT NULL,
	`issued_at` integer NOT NULL,
	`paid_at` integer,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `invoices_tenant_issued_idx` ON `invoices` (`tenant_id`,`issued_at`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`invoice_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text NOT NULL,
	`failure_reason` text,
	`attempted_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `payments_tenant_invoice_idx` ON `payments` (`tenant_id`,`invoice_id`);--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`plan_id` text NOT NULL,
	`status` text NOT NULL,
	`seats` integer NOT NULL,
	`trial_ends_at` integer,
	`current_period_start` integer NOT NULL,
	`current_period_end` integer NOT NULL,
	`trial_ending_notified_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `subscriptions_tenant_idx` ON `subscriptions` (`tenant_id`,`status`);--> statement-breakpoint
CREATE TABLE `invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`email` text NOT NULL,
	`name` text,
	`display_role` text DEFAULT 'Employee' NOT NULL,
	`status` text NOT NULL,
	`user_id` text,
	`invited_by_user_id` text,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `invitations_tenant_status_idx` ON `invitations` (`tenant_id`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `invitations_token_uq` ON `invitations` (`token_hash`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`status` text NOT NULL,
	`primary_team_id` text,
	`job_title` text,
	`work_profile` text DEFAULT 'operations' NOT NULL,
	`weekly_hours` real DEFAULT 40 NOT NULL,
	`cost_center_id` text,
	`created_at` integer NOT NULL,
	`activated_at` integer,
	`deactivated_at` integer,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`primary_team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`cost_center_id`) REFERENCES `cost_centers`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_tenant_email_uq` ON `users` (`tenant_id`,`email`);--> statement-breakpoint
CREATE INDEX `users_tenant_team_idx` ON `users` (`tenant_id`,`primary_team_id`);--> statement-breakpoint
CREATE INDEX `users_tenant_name_idx` ON `users` (`tenant_id`,`name`);--> statement-breakpoint
CREATE TABLE `team_memberships` (
	`tenant_id` integer NOT NULL,
	`team_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role_in_team` text DEFAULT 'member' NOT NULL,
	`joined_at` integer NOT NULL,
	PRIMARY KEY(`team_id`, `user_id`),
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `team_memberships_tenant_user_idx` ON `team_memberships` (`tenant_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `team_memberships_tenant_team_idx` ON `team_memberships` (`tenant_id`,`team_id`);--> statement-breakpoint
CREATE TABLE `teams` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`manager_user_id` text,
	`cost_center_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`manager_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`cost_center_id`) REFERENCES `cost_centers`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `teams_tenant_name_idx` ON `teams` (`tenant_id`,`name`);--> statement-breakpoint
CREATE TABLE `api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`kind` text NOT NULL,
	`scope` text NOT NULL,
	`name` text NOT NULL,
	`lookup` text NOT NULL,
	`display_prefix` text NOT NULL,
	`hash` text NOT NULL,
	`user_id` text,
	`role` text NOT NULL,
	`is_public_demo` integer DEFAULT false NOT NULL,
	`created_by_user_id` text,
	`created_at` integer NOT NULL,
	`expires_at` integer,
	`revoked_at` integer,
	`last_used_at` integer,
	`failed_attempts` integer DEFAULT 0 NOT NULL,
	`last_failed_at` integer,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_lookup_uq` ON `api_keys` (`lookup`);--> statement-breakpoint
CREATE INDEX `api_keys_tenant_idx` ON `api_keys` (`tenant_id`,`kind`);--> statement-breakpoint
CREATE INDEX `api_keys_tenant_user_idx` ON `api_keys` (`tenant_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `location_pings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`recorded_at` integer NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`accuracy_meters` real,
	`office_id` text,
	`inside_geofence` integer NOT NULL,
	`source` text NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`office_id`) REFERENCES `offices`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `location_pings_tenant_user_time_idx` ON `location_pings` (`tenant_id`,`user_id`,`recorded_at`);--> statement-breakpoint
CREATE TABLE `offices` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`name` text NOT NULL,
	`address` text,
	`city` text NOT NULL,
	`country` text NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`radius_meters` integer NOT NULL,
	`timezone` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `offices_tenant_idx` ON `offices` (`tenant_id`,`name`);--> statement-breakpoint
CREATE TABLE `breaks` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`time_log_id` text NOT NULL,
	`kind` text NOT NULL,
	`started_at` integer NOT NULL,
	`ended_at` integer,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`time_log_id`) REFERENCES `time_logs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `breaks_tenant_user_idx` ON `breaks` (`tenant_id`,`user_id`,`started_at`);--> statement-breakpoint
CREATE INDEX `breaks_tenant_log_idx` ON `breaks` (`tenant_id`,`time_log_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `breaks_one_open_uq` ON `breaks` (`tenant_id`,`user_id`) WHERE ended_at is null;--> statement-breakpoint
CREATE TABLE `presence_taps` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`time_log_id` text NOT NULL,
	`tapped_at` integer NOT NULL,
	`latitude` real,
	`longitude` real,
	`within_geofence` integer,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`time_log_id`) REFERENCES `time_logs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `presence_taps_tenant_log_idx` ON `presence_taps` (`tenant_id`,`time_log_id`,`tapped_at`);--> statement-breakpoint
CREATE TABLE `time_logs` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`clock_in_at` integer NOT NULL,
	`clock_out_at` integer,
	`status` text NOT NULL,
	`source` text NOT NULL,
	`clock_in_latitude` real,
	`clock_in_longitude` real,
	`clock_out_latitude` real,
	`clock_out_longitude` real,
	`office_id` text,
	`is_within_geofence` integer,
	`next_tap_due_at` integer,
	`project_id` text,
	`task_id` text,
	`timesheet_id` text,
	`gap_fill_done_at` integer,
	`note` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`office_id`) REFERENCES `offices`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`timesheet_id`) REFERENCES `timesheets`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `time_logs_tenant_user_in_idx` ON `time_logs` (`tenant_id`,`user_id`,`clock_in_at`);--> statement-breakpoint
CREATE INDEX `time_logs_tenant_in_idx` ON `time_logs` (`tenant_id`,`clock_in_at`);--> statement-breakpoint
CREATE INDEX `time_logs_tenant_project_idx` ON `time_logs` (`tenant_id`,`project_id`);--> statement-breakpoint
CREATE INDEX `time_logs_tenant_timesheet_idx` ON `time_logs` (`tenant_id`,`timesheet_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `time_logs_one_open_uq` ON `time_logs` (`tenant_id`,`user_id`) WHERE clock_out_at is null;--> statement-breakpoint
CREATE TABLE `activity_blocks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`time_log_id` text,
	`kind` text NOT NULL,
	`started_at` integer NOT NULL,
	`ended_at` integer NOT NULL,
	`category` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`time_log_id`) REFERENCES `time_logs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `activity_blocks_tenant_user_idx` ON `activity_blocks` (`tenant_id`,`user_id`,`started_at`);--> statement-breakpoint
CREATE INDEX `activity_blocks_tenant_log_idx` ON `activity_blocks` (`tenant_id`,`time_log_id`);--> statement-breakpoint
CREATE TABLE `activity_samples` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`session_id` text,
	`batch_id` text,
	`application` text NOT NULL,
	`window_class` text,
	`category` text NOT NULL,
	`started_at` integer NOT NULL,
	`duration_seconds` integer NOT NULL,
	`is_idle` integer NOT NULL,
	`local_date` text NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_id`) REFERENCES `agent_sessions`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `activity_samples_tenant_date_user_idx` ON `activity_samples` (`tenant_id`,`local_date`,`user_id`);--> statement-breakpoint
CREATE TABLE `agent_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`device_id` text NOT NULL,
	`started_at` integer NOT NULL,
	`last_heartbeat_at` integer NOT NULL,
	`ended_at` integer,
	`end_reason` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`device_id`) REFERENCES `devices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `agent_sessions_tenant_user_idx` ON `agent_sessions` (`tenant_id`,`user_id`,`started_at`);--> statement-breakpoint
CREATE INDEX `agent_sessions_tenant_active_idx` ON `agent_sessions` (`tenant_id`,`user_id`) WHERE ended_at is null;--> statement-breakpoint
CREATE TABLE `category_rules` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`match_field` text NOT NULL,
	`pattern` text NOT NULL,
	`category` text NOT NULL,
	`work_profile` text,
	`priority` integer DEFAULT 100 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `category_rules_tenant_idx` ON `category_rules` (`tenant_id`,`priority`);--> statement-breakpoint
CREATE TABLE `daily_activity_summaries` (
	`tenant_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`date` text NOT NULL,
	`total_seconds` integer NOT NULL,
	`productive_seconds` integer NOT NULL,
	`neutral_seconds` integer NOT NULL,
	`unproductive_seconds` integer NOT NULL,
	`idle_seconds` integer NOT NULL,
	`score` integer NOT NULL,
	`sample_count` integer NOT NULL,
	`baseline_score` real,
	`computed_at` integer NOT NULL,
	PRIMARY KEY(`tenant_id`, `date`, `user_id`),
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `daily_summaries_tenant_user_date_idx` ON `daily_activity_summaries` (`tenant_id`,`user_id`,`date`);--> statement-breakpoint
CREATE TABLE `devices` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`platform` text NOT NULL,
	`fingerprint` text NOT NULL,
	`agent_version` text,
	`registered_at` integer NOT NULL,
	`last_seen_at` integer,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `devices_tenant_user_fp_uq` ON `devices` (`tenant_id`,`user_id`,`fingerprint`);--> statement-breakpoint
CREATE TABLE `ingest_batches` (
	`tenant_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`batch_id` text NOT NULL,
	`sample_count` integer NOT NULL,
	`received_at` integer NOT NULL,
	PRIMARY KEY(`tenant_id`, `user_id`, `batch_id`),
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `timesheet_status_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`timesheet_id` text NOT NULL,
	`from_status` text,
	`to_status` text NOT NULL,
	`actor_user_id` text,
	`reason` text,
	`changed_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`timesheet_id`) REFERENCES `timesheets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `timesheet_history_tenant_sheet_idx` ON `timesheet_status_history` (`tenant_id`,`timesheet_id`,`changed_at`);--> statement-breakpoint
CREATE INDEX `timesheet_history_tenant_time_idx` ON `timesheet_status_history` (`tenant_id`,`changed_at`);--> statement-breakpoint
CREATE TABLE `timesheets` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`period_start` text NOT NULL,
	`period_end` text NOT NULL,
	`status` text NOT NULL,
	`total_seconds` integer NOT NULL,
	`submitted_at` integer,
	`decided_at` integer,
	`decided_by_user_id` text,
	`rejection_reason` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`decided_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `timesheets_tenant_user_period_uq` ON `timesheets` (`tenant_id`,`user_id`,`period_start`);--> statement-breakpoint
CREATE INDEX `timesheets_tenant_status_idx` ON `timesheets` (`tenant_id`,`status`,`period_start`);--> statement-breakpoint
CREATE TABLE `projects` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`name` text NOT NULL,
	`code` text,
	`client_name` text,
	`status` text NOT NULL,
	`budget_hours` real,
	`budget_amount_cents` integer,
	`bill_rate_cents` integer,
	`alert_threshold_percent` integer DEFAULT 80 NOT NULL,
	`budget_alert_sent_at` integer,
	`cost_center_id` text,
	`external_source` text,
	`external_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`cost_center_id`) REFERENCES `cost_centers`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `projects_tenant_status_idx` ON `projects` (`tenant_id`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `projects_tenant_external_uq` ON `projects` (`tenant_id`,`external_source`,`external_id`);--> statement-breakpoint
CREATE TABLE `tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`project_id` text,
	`title` text NOT NULL,
	`description` text,
	`status` text NOT NULL,
	`priority` text DEFAULT 'medium' NOT NULL,
	`assignee_user_id` text,
	`due_date` text,
	`estimate_hours` real,
	`external_id` text,
	`created_by_user_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`assignee_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `tasks_tenant_status_idx` ON `tasks` (`tenant_id`,`status`);--> statement-breakpoint
CREATE INDEX `tasks_tenant_assignee_idx` ON `tasks` (`tenant_id`,`assignee_user_id`);--> statement-breakpoint
CREATE INDEX `tasks_tenant_project_idx` ON `tasks` (`tenant_id`,`project_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `tasks_tenant_project_external_uq` ON `tasks` (`tenant_id`,`project_id`,`external_id`);--> statement-breakpoint
CREATE TABLE `shift_schedules` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`template_id` text,
	`date` text NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`break_minutes` integer NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`template_id`) REFERENCES `shift_templates`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shift_schedules_tenant_user_date_uq` ON `shift_schedules` (`tenant_id`,`user_id`,`date`);--> statement-breakpoint
CREATE INDEX `shift_schedules_tenant_date_idx` ON `shift_schedules` (`tenant_id`,`date`);--> statement-breakpoint
CREATE TABLE `shift_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`name` text NOT NULL,
	`start_time` text NOT NULL,
	`end_time` text NOT NULL,
	`break_minutes` integer DEFAULT 30 NOT NULL,
	`days_of_week` text NOT NULL,
	`color` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `shift_templates_tenant_idx` ON `shift_templates` (`tenant_id`,`name`);--> statement-breakpoint
CREATE TABLE `cost_centers` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cost_centers_tenant_code_uq` ON `cost_centers` (`tenant_id`,`code`);--> statement-breakpoint
CREATE TABLE `pay_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`payroll_period_id` text NOT NULL,
	`status` text NOT NULL,
	`format` text DEFAULT 'csv' NOT NULL,
	`requested_by_key_id` text,
	`requested_at` integer NOT NULL,
	`completed_at` integer,
	`row_count` integer,
	`total_amount_cents` integer,
	`content` text,
	`checksum` text,
	`error` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`payroll_period_id`) REFERENCES `payroll_periods`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pay_runs_tenant_period_idx` ON `pay_runs` (`tenant_id`,`payroll_period_id`);--> statement-breakpoint
CREATE TABLE `payroll_periods` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`period_start` text NOT NULL,
	`period_end` text NOT NULL,
	`status` text NOT NULL,
	`closed_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payroll_periods_tenant_start_uq` ON `payroll_periods` (`tenant_id`,`period_start`);--> statement-breakpoint
CREATE TABLE `rate_cards` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`name` text NOT NULL,
	`user_id` text,
	`team_id` text,
	`work_profile` text,
	`hourly_rate_cents` integer NOT NULL,
	`overtime_multiplier` real DEFAULT 1.5 NOT NULL,
	`currency` text NOT NULL,
	`effective_from` text NOT NULL,
	`effective_to` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `rate_cards_tenant_idx` ON `rate_cards` (`tenant_id`,`effective_from`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`type` text NOT NULL,
	`data` text NOT NULL,
	`occurred_at` integer NOT NULL,
	`fanned_out_at` integer,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `events_tenant_time_idx` ON `events` (`tenant_id`,`occurred_at`);--> statement-breakpoint
CREATE INDEX `events_fanout_idx` ON `events` (`fanned_out_at`);--> statement-breakpoint
CREATE TABLE `webhook_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`delivery_id` text NOT NULL,
	`attempt` integer NOT NULL,
	`started_at` integer NOT NULL,
	`duration_ms` integer NOT NULL,
	`response_status` integer,
	`error` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`delivery_id`) REFERENCES `webhook_deliveries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_attempts_tenant_delivery_idx` ON `webhook_attempts` (`tenant_id`,`delivery_id`,`attempt`);--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`event_id` text NOT NULL,
	`subscription_id` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`lease_until` integer,
	`last_attempt_at` integer,
	`response_status` integer,
	`response_excerpt` text,
	`last_error` text,
	`created_at` integer NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subscription_id`) REFERENCES `webhook_subscriptions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_tenant_sub_idx` ON `webhook_deliveries` (`tenant_id`,`subscription_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_due_idx` ON `webhook_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `webhook_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`url` text NOT NULL,
	`events` text,
	`description` text,
	`secret` text NOT NULL,
	`status` text NOT NULL,
	`disabled_reason` text,
	`disabled_at` integer,
	`failing_since` integer,
	`created_by_key_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_subs_tenant_idx` ON `webhook_subscriptions` (`tenant_id`,`status`);--> statement-breakpoint
CREATE TABLE `ask_questions` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`user_id` text,
	`api_key_id` text,
	`question` text NOT NULL,
	`theme` text NOT NULL,
	`suggested_tools` text NOT NULL,
	`asked_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `ask_questions_tenant_time_idx` ON `ask_questions` (`tenant_id`,`asked_at`);--> statement-breakpoint
CREATE TABLE `mcp_tool_calls` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer,
	`user_id` text,
	`api_key_id` text,
	`tool_name` text NOT NULL,
	`source` text,
	`session_id` text,
	`started_at` integer NOT NULL,
	`duration_ms` integer NOT NULL,
	`outcome` text NOT NULL,
	`error_code` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mcp_tool_calls_tenant_time_idx` ON `mcp_tool_calls` (`tenant_id`,`started_at`);--> statement-breakpoint
CREATE INDEX `mcp_tool_calls_tenant_tool_idx` ON `mcp_tool_calls` (`tenant_id`,`tool_name`,`started_at`);--> statement-breakpoint
CREATE TABLE `workload_alerts` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`date` text NOT NULL,
	`kind` text NOT NULL,
	`severity` text NOT NULL,
	`message` text NOT NULL,
	`details` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `workload_alerts_tenant_date_user_kind_uq` ON `workload_alerts` (`tenant_id`,`date`,`user_id`,`kind`);--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text_body` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`next_attempt_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_outbox_tenant_idx` ON `email_outbox` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `email_outbox_due_idx` ON `email_outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `rate_limit_counters` (
	`tenant_id` integer NOT NULL,
	`key_id` text NOT NULL,
	`window` text NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`tenant_id`, `key_id`, `window`, `window_start`),
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `job_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`job_name` text NOT NULL,
	`tenant_id` integer,
	`run_key` text NOT NULL,
	`status` text NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`items_processed` integer DEFAULT 0 NOT NULL,
	`error` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `job_runs_job_tenant_key_uq` ON `job_runs` (`job_name`,`tenant_id`,`run_key`);--> statement-breakpoint
CREATE INDEX `job_runs_tenant_idx` ON `job_runs` (`tenant_id`,`job_name`,`started_at`);--> statement-breakpoint
CREATE TABLE `job_state` (
	`job_name` text PRIMARY KEY NOT NULL,
	`last_run_at` integer,
	`next_run_at` integer,
	`last_error` text,
	`lease_holder` text,
	`lease_until` integer
);
