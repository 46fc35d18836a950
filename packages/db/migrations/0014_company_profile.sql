CREATE TABLE `company_profiles` (
	`account_id` integer PRIMARY KEY NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`street` text DEFAULT '' NOT NULL,
	`postcode` text DEFAULT '' NOT NULL,
	`city` text DEFAULT '' NOT NULL,
	`country` text DEFAULT '' NOT NULL,
	`vat_id` text DEFAULT '' NOT NULL,
	`electronic_address` text DEFAULT '' NOT NULL,
	`buyer_reference` text DEFAULT '' NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `export_settings` ADD `fiscal_year_start` integer DEFAULT 1 NOT NULL;