-- Logins now count once per UTC day (issue 34): the seeded texts say days, not times.
-- Only rows still carrying the seed's words change; an admin's own edit is kept.
UPDATE "tasks" SET "description" = 'Sign in on 5 days this week.' WHERE "description" = 'Sign in 5 times this week.';--> statement-breakpoint
UPDATE "tasks" SET "description" = 'Sign in on 30 different days.' WHERE "description" = 'Sign in 30 times.';--> statement-breakpoint
UPDATE "achievements" SET "description" = 'Sign in on 10 different days.' WHERE "description" = 'Sign in 10 times.';
