CREATE TABLE "item_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"delta" integer NOT NULL,
	"quantity_after" integer NOT NULL,
	"reason" text NOT NULL,
	"ref_type" text NOT NULL,
	"ref_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_movements_delta_nonzero" CHECK ("item_movements"."delta" <> 0)
);
--> statement-breakpoint
ALTER TABLE "item_movements" ADD CONSTRAINT "item_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_movements" ADD CONSTRAINT "item_movements_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_movements_user_item_idx" ON "item_movements" USING btree ("user_id","item_id","id");--> statement-breakpoint
-- Holdings from before movements existed: one 'opening' movement each, so every holding equals the sum of its movements from here on.
INSERT INTO "item_movements" ("user_id", "item_id", "delta", "quantity_after", "reason", "ref_type", "ref_id")
SELECT "user_id", "item_id", "quantity", "quantity", 'opening', 'user', "user_id"::text FROM "inventory" WHERE "quantity" > 0 ORDER BY 1, 2;
