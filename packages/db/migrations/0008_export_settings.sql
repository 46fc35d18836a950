CREATE TABLE `export_settings` (
	`account_id` integer PRIMARY KEY NOT NULL,
	`consultant_no` text DEFAULT '' NOT NULL,
	`client_no` text DEFAULT '' NOT NULL,
	`account` text DEFAULT '1200' NOT NULL,
	`contra_account` text DEFAULT '8400' NOT NULL,
	`bu_key` text DEFAULT '' NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
