-- The scheduled payments pass reads every account's payments: the links of the last days in some
-- states (linksToSweep) and the refunds owed (refundsDue). This index keeps both off a whole-table scan.
CREATE INDEX `payments_status_created` ON `payments` (`status`,`created_at`);
