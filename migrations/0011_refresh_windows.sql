CREATE TABLE `refresh_steps` (
	`window_id` text NOT NULL,
	`step` text NOT NULL,
	`seq` integer NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`lease_until` text,
	`reason` text,
	`record` text,
	`output_key` text,
	`subrequests` integer,
	`fetched_bytes` integer,
	`stored_bytes` integer,
	`cpu_ms` real,
	`peak_memory_bytes` integer,
	`started_at` text NOT NULL,
	`finished_at` text,
	PRIMARY KEY(`window_id`, `step`),
	FOREIGN KEY (`window_id`) REFERENCES `refresh_windows`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `refresh_windows` (
	`id` text PRIMARY KEY NOT NULL,
	`start` text NOT NULL,
	`end` text NOT NULL,
	`status` text NOT NULL,
	`config` text NOT NULL,
	`datasets` text NOT NULL,
	`trigger` text NOT NULL,
	`error` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`completed_at` text,
	`public_after` text NOT NULL,
	`published_at` text
);
--> statement-breakpoint
CREATE INDEX `refresh_windows_status` ON `refresh_windows` (`status`,`start`);