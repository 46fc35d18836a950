-- A web parse counted against the allowance is the job's charge, as an API debit is (`charged`):
-- the jobs whose parse was counted before this (their `web` rows of the usage journal) say so too.
UPDATE `jobs` SET `charged_pages` = `charged_pages` + (
  SELECT coalesce(sum(`usage`.`pages`), 0) FROM `usage` WHERE `usage`.`job_id` = `jobs`.`id` AND `usage`.`allowance` = 'web'
) WHERE EXISTS (SELECT 1 FROM `usage` WHERE `usage`.`job_id` = `jobs`.`id` AND `usage`.`allowance` = 'web');
