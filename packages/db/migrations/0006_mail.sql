CREATE TABLE `inbox_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`message_id` text NOT NULL,
	`thread_id` text DEFAULT '' NOT NULL,
	`part_id` text NOT NULL,
	`sender` text NOT NULL,
	`subject` text NOT NULL,
	`received_at` text NOT NULL,
	`filename` text NOT NULL,
	`sha256` text,
	`job_id` integer,
	`status` text NOT NULL,
	`error` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `inbox_items_part` ON `inbox_items` (`account_id`,`message_id`,`part_id`);--> statement-breakpoint
CREATE INDEX `inbox_items_account` ON `inbox_items` (`account_id`,`id`);--> statement-breakpoint
CREATE TABLE `letters` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`job_id` integer NOT NULL,
	`kind` text NOT NULL,
	`lang` text NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`invoice_title` text NOT NULL,
	`debtor` text NOT NULL,
	`status` text NOT NULL,
	`error` text,
	`tracking_hash` text NOT NULL,
	`reply_thread_id` text,
	`provider_message_id` text,
	`provider_thread_id` text,
	`send_at` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text NOT NULL,
	`created_at` text NOT NULL,
	`sent_at` text,
	`opened_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `letters_tracking_hash_unique` ON `letters` (`tracking_hash`);--> statement-breakpoint
CREATE INDEX `letters_account` ON `letters` (`account_id`,`id`);--> statement-breakpoint
CREATE INDEX `letters_due` ON `letters` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `mail_accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`provider` text DEFAULT 'gmail' NOT NULL,
	`address` text NOT NULL,
	`token_cipher` text NOT NULL,
	`scopes` text NOT NULL,
	`connected_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mail_accounts_account_id_unique` ON `mail_accounts` (`account_id`);--> statement-breakpoint
CREATE TABLE `mail_connect_states` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`nonce_hash` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mail_connect_states_nonce_hash_unique` ON `mail_connect_states` (`nonce_hash`);--> statement-breakpoint
CREATE INDEX `mail_connect_states_account` ON `mail_connect_states` (`account_id`);