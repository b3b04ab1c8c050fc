DROP INDEX "wagers_user_created_idx";--> statement-breakpoint
DROP INDEX "wagers_user_won_idx";