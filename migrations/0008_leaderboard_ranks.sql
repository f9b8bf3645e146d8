CREATE TABLE `leaderboard_ranks` (
	`entry_id` text NOT NULL,
	`board` text NOT NULL,
	`kind` text NOT NULL,
	`threshold` text NOT NULL,
	`axis` text NOT NULL,
	`value` real NOT NULL,
	`name_key` text NOT NULL,
	PRIMARY KEY(`entry_id`, `threshold`, `axis`),
	FOREIGN KEY (`entry_id`) REFERENCES `leaderboard_entries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `leaderboard_ranks_by_value` ON `leaderboard_ranks` (`board`,`threshold`,`axis`,"value" desc,`name_key`);--> statement-breakpoint
CREATE INDEX `leaderboard_ranks_by_name` ON `leaderboard_ranks` (`board`,`threshold`,`axis`,`name_key`);--> statement-breakpoint
-- Backfill (hand-written; src/leaderboard/ranks.ts writes the same rows for new entries): a
-- threshold-keyed board ranks by its `all` and `language` pass rates; a board without a threshold
-- ('-') by the recall and precision of its `all` and `length` groups that have scored samples.
INSERT INTO `leaderboard_ranks` (`entry_id`, `board`, `kind`, `threshold`, `axis`, `value`, `name_key`)
SELECT a.entry_id, e.benchmark || '/' || e.dataset || '/' || e.scoring_mode || '/' || e.comment_mode, e.kind, a.threshold,
  CASE a.group_type WHEN 'all' THEN 'all' ELSE 'language:' || a.group_key END, a.rate,
  lower(e.model) || char(1) || e.model || char(1) || CASE e.kind WHEN 'verified' THEN '0' ELSE '1' END
FROM `leaderboard_aggregates` a JOIN `leaderboard_entries` e ON e.id = a.entry_id
WHERE a.threshold <> '-' AND a.group_type IN ('all', 'language');--> statement-breakpoint
INSERT INTO `leaderboard_ranks` (`entry_id`, `board`, `kind`, `threshold`, `axis`, `value`, `name_key`)
SELECT a.entry_id, e.benchmark || '/' || e.dataset || '/' || e.scoring_mode || '/' || e.comment_mode, e.kind, a.threshold,
  m.metric || ':' || a.group_key, CASE m.metric WHEN 'recall' THEN a.rate ELSE a.mean_precision END,
  lower(e.model) || char(1) || e.model || char(1) || CASE e.kind WHEN 'verified' THEN '0' ELSE '1' END
FROM `leaderboard_aggregates` a JOIN `leaderboard_entries` e ON e.id = a.entry_id
  JOIN (SELECT 'recall' AS metric UNION ALL SELECT 'precision') m
WHERE a.threshold = '-' AND a.group_type IN ('all', 'length') AND a.n > 0
  AND (CASE m.metric WHEN 'recall' THEN a.rate ELSE a.mean_precision END) IS NOT NULL;
