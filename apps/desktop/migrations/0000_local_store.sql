CREATE TABLE `jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`source` text DEFAULT 'desktop' NOT NULL,
	`status` text NOT NULL,
	`country` text NOT NULL,
	`path` text NOT NULL,
	`filename` text NOT NULL,
	`file_type` text,
	`size` integer NOT NULL,
	`sha256` text NOT NULL,
	`mode` text,
	`pages` integer DEFAULT 0 NOT NULL,
	`pages_scanned` integer DEFAULT 0 NOT NULL,
	`result` text,
	`error` text,
	`message` text,
	`field_edits` text DEFAULT '{}' NOT NULL,
	`edited_at` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`remote_job_id` integer,
	`created_at` text NOT NULL,
	`started_at` text,
	`finished_at` text,
	`read_ms` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_sha256` ON `jobs` (`sha256`);--> statement-breakpoint
CREATE INDEX `jobs_status` ON `jobs` (`status`,`id`);--> statement-breakpoint
CREATE TABLE `outbox` (
	`job_id` integer PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
