CREATE TABLE `accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`created_at` text NOT NULL,
	`balance_minor` integer DEFAULT 0 NOT NULL,
	`held_minor` integer DEFAULT 0 NOT NULL,
	`free_pages` integer DEFAULT 0 NOT NULL,
	`held_free_pages` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `accounts_email_unique` ON `accounts` (`email`);--> statement-breakpoint
CREATE TABLE `api_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`prefix` text NOT NULL,
	`hash` text NOT NULL,
	`label` text DEFAULT '' NOT NULL,
	`created_at` text NOT NULL,
	`last_used_at` text,
	`revoked_at` text,
	`revoked_reason` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_hash_unique` ON `api_keys` (`hash`);--> statement-breakpoint
CREATE INDEX `api_keys_account` ON `api_keys` (`account_id`);--> statement-breakpoint
CREATE TABLE `callbacks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`job_id` integer NOT NULL,
	`url` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text,
	`created_at` text NOT NULL,
	`delivered_at` text,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `callbacks_job` ON `callbacks` (`job_id`);--> statement-breakpoint
CREATE INDEX `callbacks_due` ON `callbacks` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`api_key_id` integer,
	`source` text NOT NULL,
	`status` text NOT NULL,
	`country` text NOT NULL,
	`filename` text DEFAULT '' NOT NULL,
	`file_type` text,
	`size` integer NOT NULL,
	`sha256` text NOT NULL,
	`mode` text,
	`pages` integer DEFAULT 0 NOT NULL,
	`pages_scanned` integer DEFAULT 0 NOT NULL,
	`reserved_pages` integer DEFAULT 0 NOT NULL,
	`reserved_minor` integer DEFAULT 0 NOT NULL,
	`reserved_free_pages` integer DEFAULT 0 NOT NULL,
	`charged_minor` integer DEFAULT 0 NOT NULL,
	`charged_pages` integer DEFAULT 0 NOT NULL,
	`result` text,
	`error` text,
	`message` text,
	`callback_url` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`started_at` text,
	`finished_at` text,
	`read_ms` integer,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`api_key_id`) REFERENCES `api_keys`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `jobs_account_sha` ON `jobs` (`account_id`,`sha256`);--> statement-breakpoint
CREATE INDEX `jobs_status` ON `jobs` (`status`,`id`);--> statement-breakpoint
CREATE INDEX `jobs_account_id` ON `jobs` (`account_id`,`id`);--> statement-breakpoint
CREATE TABLE `ledger` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`kind` text NOT NULL,
	`balance_minor` integer DEFAULT 0 NOT NULL,
	`held_minor` integer DEFAULT 0 NOT NULL,
	`free_pages` integer DEFAULT 0 NOT NULL,
	`held_free_pages` integer DEFAULT 0 NOT NULL,
	`job_id` integer,
	`note` text DEFAULT '' NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `ledger_account` ON `ledger` (`account_id`);--> statement-breakpoint
CREATE INDEX `ledger_job` ON `ledger` (`job_id`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`bucket` text NOT NULL,
	`window` integer NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`bucket`, `window`)
);
--> statement-breakpoint
CREATE TABLE `usage` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`api_key_id` integer,
	`job_id` integer NOT NULL,
	`pages` integer NOT NULL,
	`free_pages` integer NOT NULL,
	`amount_minor` integer NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `usage_account` ON `usage` (`account_id`,`id`);