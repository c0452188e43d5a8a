CREATE TABLE "tpa_merchant_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"org_id" integer NOT NULL,
	"provider_merchant_id" text NOT NULL,
	"provider_store_id" text,
	"service_mode" text NOT NULL,
	"qr_mode" text NOT NULL,
	"wallet_products" text[] DEFAULT '{}'::text[] NOT NULL,
	"application_id" integer,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "rm_applications_org_idx";--> statement-breakpoint
ALTER TABLE "rm_applications" ADD COLUMN "rm_merchant_id" text;--> statement-breakpoint
ALTER TABLE "rm_applications" ADD COLUMN "rm_store_id" text;--> statement-breakpoint
ALTER TABLE "tpa_merchant_configs" ADD CONSTRAINT "tpa_merchant_configs_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tpa_merchant_configs" ADD CONSTRAINT "tpa_merchant_configs_application_id_rm_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."rm_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tpa_merchant_configs_uq" ON "tpa_merchant_configs" USING btree ("provider","org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rm_applications_org_uq" ON "rm_applications" USING btree ("org_id");