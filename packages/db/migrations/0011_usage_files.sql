ALTER TABLE `usage` ADD `allowance` text DEFAULT 'api' NOT NULL;--> statement-breakpoint
ALTER TABLE `usage` ADD `sha256` text;--> statement-breakpoint
CREATE INDEX `usage_account_sha` ON `usage` (`account_id`,`sha256`);--> statement-breakpoint
-- The files of the rows already written, while their jobs are still there.
UPDATE `usage` SET `sha256` = (SELECT `jobs`.`sha256` FROM `jobs` WHERE `jobs`.`id` = `usage`.`job_id`);--> statement-breakpoint
-- The web parses counted so far (a web job that kept its parse: done, with pages scanned).
INSERT INTO `usage` (`account_id`, `api_key_id`, `job_id`, `allowance`, `sha256`, `pages`, `free_pages`, `amount_minor`, `created_at`)
SELECT `account_id`, NULL, `id`, 'web', `sha256`, `pages_scanned`, 0, 0, coalesce(`finished_at`, `created_at`)
FROM `jobs` WHERE `web_parses` > 0 AND `status` = 'done' AND `pages_scanned` > 0 ORDER BY `id`;
