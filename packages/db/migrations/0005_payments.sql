CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`subscription_id` integer,
	`kind` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`credit_eur_minor` integer DEFAULT 0 NOT NULL,
	`status` text NOT NULL,
	`provider_order_id` text,
	`provider_url` text,
	`provider_tx_id` text,
	`link_token` text NOT NULL,
	`link_expires_at` text NOT NULL,
	`paid_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_provider_tx_id_unique` ON `payments` (`provider_tx_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_link_token_unique` ON `payments` (`link_token`);--> statement-breakpoint
CREATE INDEX `payments_account` ON `payments` (`account_id`,`id`);--> statement-breakpoint
CREATE TABLE `provider_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_key` text NOT NULL,
	`received_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `provider_events_event_key_unique` ON `provider_events` (`event_key`);--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`plan_code` text NOT NULL,
	`period` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`state` text NOT NULL,
	`autorenew` integer DEFAULT true NOT NULL,
	`provider_subscription_id` text,
	`paid_at` text,
	`expires_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `subscriptions_account` ON `subscriptions` (`account_id`,`id`);