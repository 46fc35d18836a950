CREATE TABLE `inbox_messages` (
	`account_id` integer NOT NULL,
	`message_id` text NOT NULL,
	`scanned_at` text NOT NULL,
	PRIMARY KEY(`account_id`, `message_id`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `inbox_messages` (`account_id`, `message_id`, `scanned_at`)
SELECT `account_id`, `message_id`, max(`created_at`) FROM `inbox_items` GROUP BY `account_id`, `message_id`;
