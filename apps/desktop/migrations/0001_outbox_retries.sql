ALTER TABLE `outbox` ADD `retries` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `outbox` ADD `retry_at` text;