CREATE TABLE "services" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider_id" bigint NOT NULL,
	"buyer_id" bigint,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"price" bigint NOT NULL,
	"status" text DEFAULT 'listed' NOT NULL,
	"auto_released" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"bought_at" timestamp with time zone,
	"finalized_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "services_status_known" CHECK ("services"."status" in ('listed', 'bought', 'finalized', 'completed', 'refunded', 'deleted')),
	CONSTRAINT "services_price_positive" CHECK ("services"."price" > 0),
	CONSTRAINT "services_not_own_buyer" CHECK ("services"."buyer_id" is null or "services"."buyer_id" <> "services"."provider_id"),
	CONSTRAINT "services_buyer_when_bought" CHECK ("services"."status" = 'deleted' or ("services"."status" = 'listed') = ("services"."buyer_id" is null))
);
--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "services_provider_idx" ON "services" USING btree ("provider_id","id");--> statement-breakpoint
CREATE INDEX "services_buyer_idx" ON "services" USING btree ("buyer_id","id");--> statement-breakpoint
CREATE INDEX "services_status_idx" ON "services" USING btree ("status","id");