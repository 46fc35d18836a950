CREATE TABLE `inbox_scan_positions` (
	`account_id` integer NOT NULL,
	`address` text NOT NULL,
	`query` text NOT NULL,
	`spans` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`account_id`, `address`, `query`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
