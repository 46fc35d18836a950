ALTER TABLE `jobs` ADD `web_parses` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `jobs` ADD `edited_at` text;