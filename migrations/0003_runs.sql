CREATE TABLE `run_samples` (
	`run_id` text NOT NULL,
	`unit` text NOT NULL,
	`task_id` text NOT NULL,
	`language` text NOT NULL,
	`position` real,
	`context_size` integer,
	`status` text NOT NULL,
	`passed` integer,
	`score` real,
	`detail` text,
	`scorer_version` text,
	`output_key` text,
	`prompt_sha256` text NOT NULL,
	`prompt_tokens` integer,
	`completion_tokens` integer,
	`cached` integer NOT NULL,
	`calls` integer NOT NULL,
	`latency_ms` integer,
	`error` text,
	`finished_at` text NOT NULL,
	PRIMARY KEY(`run_id`, `unit`),
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `runs` (
	`id` text PRIMARY KEY NOT NULL,
	`benchmark` text NOT NULL,
	`dataset_id` text NOT NULL,
	`model` text NOT NULL,
	`model_label` text NOT NULL,
	`api_key_name` text,
	`parameters` text NOT NULL,
	`options` text NOT NULL,
	`receipt` text NOT NULL,
	`status` text NOT NULL,
	`unit_count` integer NOT NULL,
	`counts` text,
	`created_at` text NOT NULL,
	`finished_at` text
);
--> statement-breakpoint
CREATE INDEX `runs_by_created` ON `runs` (`created_at`);