ALTER TABLE `jobs` ADD `field_edits` text;--> statement-breakpoint
CREATE INDEX `jobs_account_edited` ON `jobs` (`account_id`,`edited_at`,`id`);