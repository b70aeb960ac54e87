ALTER TABLE `category_rules` ADD `team_id` text REFERENCES teams(id);--> statement-breakpoint
ALTER TABLE `category_rules` ADD `match_kind` text DEFAULT 'contains' NOT NULL;--> statement-breakpoint
ALTER TABLE `category_rules` ADD `updated_at` integer;--> statement-breakpoint
CREATE INDEX `category_rules_tenant_team_idx` ON `category_rules` (`tenant_id`,`team_id`);