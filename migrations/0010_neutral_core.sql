-- The shared tables in neutral words, and the columns dated units need (docs/contamination.md).
-- Hand-written: drizzle-kit would rebuild each table to rename or drop a column, and rebuilding a
-- parent table under D1's enforced foreign keys would cascade-delete its children. SQLite renames
-- and drops columns in place (3.25 / 3.35), keeping every row; migrations/meta holds the snapshot
-- drizzle-kit diffs from next time. test/db/migration.test.ts applies it to a database seeded at
-- the previous schema and compares every row and every read before and after.

-- leaderboard_entries: RepoQA's scoring and comment modes become the entry's `options`, the
-- canonical text of the benchmark's scope options that differ from their defaults (keys sorted,
-- joined by '&'): RepoQA's defaults are official scoring and original comments, and the other
-- benchmarks stored those same two values as placeholders, so they all get ''.
DROP INDEX `leaderboard_entries_key`;--> statement-breakpoint
DROP INDEX `leaderboard_entries_slug`;--> statement-breakpoint
ALTER TABLE `leaderboard_entries` ADD `options` text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE `leaderboard_entries` SET `options` =
  CASE WHEN `comment_mode` = 'original' THEN '' ELSE 'comment_mode=' || `comment_mode` END ||
  CASE WHEN `comment_mode` <> 'original' AND `scoring_mode` <> 'official' THEN '&' ELSE '' END ||
  CASE WHEN `scoring_mode` = 'official' THEN '' ELSE 'mode=' || `scoring_mode` END;--> statement-breakpoint
ALTER TABLE `leaderboard_entries` DROP COLUMN `scoring_mode`;--> statement-breakpoint
ALTER TABLE `leaderboard_entries` DROP COLUMN `comment_mode`;--> statement-breakpoint
CREATE UNIQUE INDEX `leaderboard_entries_key` ON `leaderboard_entries` (`benchmark`,`dataset`,`options`,`kind`,`model`);--> statement-breakpoint
CREATE UNIQUE INDEX `leaderboard_entries_slug` ON `leaderboard_entries` (`model_slug`,`benchmark`,`dataset`,`options`,`kind`);--> statement-breakpoint
-- A board's key is its scope without the kind, as src/kit/leaderboard/ranks.ts writes it (boardKey).
UPDATE `leaderboard_ranks` SET `board` = (
  SELECT e.`benchmark` || '/' || e.`dataset` || '/' || e.`options` FROM `leaderboard_entries` e WHERE e.`id` = `leaderboard_ranks`.`entry_id`
);--> statement-breakpoint

-- leaderboard_samples: the verdict as passed and score, where the target sits as position, and a
-- benchmark's own columns in `parts` (RepoQA's best target as `target`; LongCodeU's precision,
-- unparseable and length bucket), each key present only where its column held a value.
ALTER TABLE `leaderboard_samples` RENAME COLUMN `needle_position` TO `position`;--> statement-breakpoint
ALTER TABLE `leaderboard_samples` RENAME COLUMN `is_best` TO `passed`;--> statement-breakpoint
ALTER TABLE `leaderboard_samples` RENAME COLUMN `best_similarity` TO `score`;--> statement-breakpoint
ALTER TABLE `leaderboard_samples` ADD `parts` text;--> statement-breakpoint
UPDATE `leaderboard_samples` SET `parts` = '{}'
  WHERE `best_target` IS NOT NULL OR `precision` IS NOT NULL OR `unparseable` IS NOT NULL OR `bucket` IS NOT NULL;--> statement-breakpoint
UPDATE `leaderboard_samples` SET `parts` = json_set(`parts`, '$.target', `best_target`) WHERE `best_target` IS NOT NULL;--> statement-breakpoint
UPDATE `leaderboard_samples` SET `parts` = json_set(`parts`, '$.precision', `precision`) WHERE `precision` IS NOT NULL;--> statement-breakpoint
UPDATE `leaderboard_samples` SET `parts` = json_set(`parts`, '$.unparseable', json(CASE `unparseable` WHEN 0 THEN 'false' ELSE 'true' END)) WHERE `unparseable` IS NOT NULL;--> statement-breakpoint
UPDATE `leaderboard_samples` SET `parts` = json_set(`parts`, '$.bucket', `bucket`) WHERE `bucket` IS NOT NULL;--> statement-breakpoint
ALTER TABLE `leaderboard_samples` DROP COLUMN `best_target`;--> statement-breakpoint
ALTER TABLE `leaderboard_samples` DROP COLUMN `precision`;--> statement-breakpoint
ALTER TABLE `leaderboard_samples` DROP COLUMN `unparseable`;--> statement-breakpoint
ALTER TABLE `leaderboard_samples` DROP COLUMN `bucket`;--> statement-breakpoint
ALTER TABLE `leaderboard_samples` ADD `born` text;--> statement-breakpoint

-- tasks: a unit's place in its shard, and when its target was born.
ALTER TABLE `tasks` RENAME COLUMN `needle_index` TO `shard_index`;--> statement-breakpoint
ALTER TABLE `tasks` ADD `born` text;--> statement-breakpoint
ALTER TABLE `run_samples` ADD `born` text;--> statement-breakpoint
ALTER TABLE `datasets` ADD `provenance` text;--> statement-breakpoint

CREATE TABLE `model_cutoffs` (
	`model` text PRIMARY KEY NOT NULL,
	`cutoff` text NOT NULL,
	`precision` text NOT NULL,
	`first_unseen` text NOT NULL,
	`source` text NOT NULL,
	`note` text,
	`updated_at` text NOT NULL
);
