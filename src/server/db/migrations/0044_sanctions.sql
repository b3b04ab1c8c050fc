CREATE TABLE "sanction_appeals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sanction_id" bigint NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decision" text,
	"reply" text,
	"decided_at" timestamp with time zone,
	"decided_by" bigint,
	CONSTRAINT "sanction_appeals_decision_known" CHECK ("sanction_appeals"."decision" in ('upheld', 'lifted'))
);
--> statement-breakpoint
CREATE TABLE "sanctions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"scope" text NOT NULL,
	"reason" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"lifted_at" timestamp with time zone,
	"lifted_by" bigint,
	CONSTRAINT "sanctions_scope_known" CHECK ("sanctions"."scope" in ('all', 'trading', 'sending', 'games', 'posting', 'communities')),
	CONSTRAINT "sanctions_ends_after_start" CHECK ("sanctions"."ends_at" is null or "sanctions"."ends_at" > "sanctions"."created_at")
);
--> statement-breakpoint
ALTER TABLE "sanction_appeals" ADD CONSTRAINT "sanction_appeals_sanction_id_sanctions_id_fk" FOREIGN KEY ("sanction_id") REFERENCES "public"."sanctions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanction_appeals" ADD CONSTRAINT "sanction_appeals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions" ADD CONSTRAINT "sanctions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions" ADD CONSTRAINT "sanctions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions" ADD CONSTRAINT "sanctions_lifted_by_users_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sanction_appeals_once_idx" ON "sanction_appeals" USING btree ("sanction_id");--> statement-breakpoint
CREATE INDEX "sanction_appeals_open_idx" ON "sanction_appeals" USING btree ("id") WHERE "sanction_appeals"."decided_at" is null;--> statement-breakpoint
CREATE INDEX "sanctions_user_idx" ON "sanctions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "sanctions_not_lifted_idx" ON "sanctions" USING btree ("user_id") WHERE "sanctions"."lifted_at" is null;--> statement-breakpoint
CREATE INDEX "sanctions_suspension_end_idx" ON "sanctions" USING btree ("ends_at") WHERE "sanctions"."lifted_at" is null and "sanctions"."scope" = 'all' and "sanctions"."ends_at" is not null;--> statement-breakpoint
-- The old panel's bans become suspensions without an end, so every banned account has one.
INSERT INTO "sanctions" ("user_id", "scope", "reason") SELECT "id", 'all', 'Banned from the admin panel' FROM "users" WHERE "status" = 'banned';
