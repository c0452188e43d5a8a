DROP INDEX "payment_links_ref_uq";--> statement-breakpoint
ALTER TABLE "payment_links" ALTER COLUMN "amount" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_links" ALTER COLUMN "status" SET DEFAULT 'ACTIVE';--> statement-breakpoint
-- Existing links (a database started before this migration): the owner is the branch, else the HQ.
ALTER TABLE "payment_links" ADD COLUMN "org_id" integer;--> statement-breakpoint
UPDATE "payment_links" SET "org_id" = COALESCE("branch_id", "merchant_id");--> statement-breakpoint
ALTER TABLE "payment_links" ALTER COLUMN "org_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "amount_type" text DEFAULT 'FIXED' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "max_uses" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "use_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "customer_name" text;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "customer_email" text;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "customer_phone" text;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "is_active" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- A paid link was used once; its last change was its creation.
UPDATE "payment_links" SET "use_count" = CASE WHEN "status" = 'PAID' THEN 1 ELSE 0 END, "updated_at" = "created_at";--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_currency_currencies_currency_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("currency_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_org_ref_uq" ON "payment_links" USING btree ("org_id","link_ref");--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_amount_ck" CHECK (("payment_links"."amount_type" = 'FIXED') = ("payment_links"."amount" IS NOT NULL AND "payment_links"."amount" > 0));--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_uses_ck" CHECK ("payment_links"."max_uses" >= 1 AND "payment_links"."use_count" BETWEEN 0 AND "payment_links"."max_uses");