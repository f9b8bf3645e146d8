ALTER TABLE `leaderboard_aggregates` ADD `mean_precision` real;--> statement-breakpoint
ALTER TABLE `leaderboard_aggregates` ADD `unparseable` integer;--> statement-breakpoint
ALTER TABLE `leaderboard_aggregates` ADD `errors` integer;--> statement-breakpoint
ALTER TABLE `leaderboard_aggregates` ADD `context_exceeded` integer;--> statement-breakpoint
ALTER TABLE `leaderboard_samples` ADD `precision` real;--> statement-breakpoint
ALTER TABLE `leaderboard_samples` ADD `unparseable` integer;--> statement-breakpoint
ALTER TABLE `leaderboard_samples` ADD `bucket` text;