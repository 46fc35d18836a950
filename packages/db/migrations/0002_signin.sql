CREATE TABLE `account_pins` (
	`account_id` integer PRIMARY KEY NOT NULL,
	`hash` text NOT NULL,
	`set_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `sign_in_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`hash` text NOT NULL,
	`email` text NOT NULL,
	`lang` text DEFAULT 'en' NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`consumed_at` text,
	`pin_until` text,
	`pin_failures` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sign_in_links_hash_unique` ON `sign_in_links` (`hash`);--> statement-breakpoint
CREATE INDEX `sign_in_links_email` ON `sign_in_links` (`email`);