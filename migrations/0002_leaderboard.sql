CREATE TABLE `leaderboard_aggregates` (
	`entry_id` text NOT NULL,
	`threshold` text NOT NULL,
	`group_type` text NOT NULL,
	`group_key` text NOT NULL,
	`n` integer NOT NULL,
	`passed` integer NOT NULL,
	`rate` real NOT NULL,
	`ci_low` real,
	`ci_high` real,
	PRIMARY KEY(`entry_id`, `threshold`, `group_type`, `group_key`),
	FOREIGN KEY (`entry_id`) REFERENCES `leaderboard_entries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `leaderboard_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`benchmark` text NOT NULL,
	`dataset` text NOT NULL,
	`scoring_mode` text NOT NULL,
	`comment_mode` text NOT NULL,
	`kind` text NOT NULL,
	`model` text NOT NULL,
	`model_slug` text NOT NULL,
	`source` text,
	`license` text,
	`train_size` text,
	`eval_date` text,
	`receipt` text,
	`has_samples` integer NOT NULL,
	`n` integer NOT NULL,
	`errors` integer DEFAULT 0 NOT NULL,
	`context_exceeded` integer DEFAULT 0 NOT NULL,
	`content_sha256` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `leaderboard_entries_key` ON `leaderboard_entries` (`benchmark`,`dataset`,`scoring_mode`,`comment_mode`,`kind`,`model`);--> statement-breakpoint
CREATE UNIQUE INDEX `leaderboard_entries_slug` ON `leaderboard_entries` (`model_slug`,`benchmark`,`dataset`,`scoring_mode`,`comment_mode`,`kind`);--> statement-breakpoint
CREATE TABLE `leaderboard_meta` (
	`id` integer PRIMARY KEY NOT NULL,
	`generation` integer NOT NULL,
	`stamp` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `leaderboard_samples` (
	`entry_id` text NOT NULL,
	`task_id` text NOT NULL,
	`language` text NOT NULL,
	`needle_position` real NOT NULL,
	`token_start` integer,
	`token_end` integer,
	`context_size` integer NOT NULL,
	`is_best` integer NOT NULL,
	`best_similarity` real NOT NULL,
	`best_target` text,
	`status` text NOT NULL,
	PRIMARY KEY(`entry_id`, `task_id`, `context_size`, `needle_position`),
	FOREIGN KEY (`entry_id`) REFERENCES `leaderboard_entries`(`id`) ON UPDATE no action ON DELETE cascade
);
