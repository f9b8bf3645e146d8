CREATE TABLE `dataset_shards` (
	`dataset_id` text NOT NULL,
	`language` text NOT NULL,
	`repo` text NOT NULL,
	`key` text NOT NULL,
	`sha256` text NOT NULL,
	`task_count` integer NOT NULL,
	`function_count` integer NOT NULL,
	PRIMARY KEY(`dataset_id`, `language`, `repo`),
	FOREIGN KEY (`dataset_id`) REFERENCES `datasets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `datasets` (
	`id` text PRIMARY KEY NOT NULL,
	`benchmark` text NOT NULL,
	`name` text NOT NULL,
	`status` text NOT NULL,
	`languages` text NOT NULL,
	`repo_count` integer DEFAULT 0 NOT NULL,
	`task_count` integer DEFAULT 0 NOT NULL,
	`content_sha256` text,
	`manifest_key` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `tasks` (
	`dataset_id` text NOT NULL,
	`task_id` text NOT NULL,
	`language` text NOT NULL,
	`repo` text NOT NULL,
	`name` text NOT NULL,
	`needle_index` integer NOT NULL,
	`shard_key` text NOT NULL,
	PRIMARY KEY(`dataset_id`, `task_id`),
	FOREIGN KEY (`dataset_id`) REFERENCES `datasets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tasks_by_language` ON `tasks` (`dataset_id`,`language`,`repo`,`needle_index`);