CREATE TABLE "nfc_receipt_banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"receipt_type" text NOT NULL,
	"image_url" text NOT NULL,
	"link_url" text,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nfc_receipt_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_name" text NOT NULL,
	"receipt_type" text NOT NULL,
	"master_merchant_id" integer,
	"header_text" text,
	"footer_text" text,
	"logo_url" text,
	"show_merchant_address" smallint DEFAULT 1 NOT NULL,
	"show_qr" smallint DEFAULT 0 NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tpa_provider_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"org_id" integer NOT NULL,
	"terminal_tid" text,
	"provider_mid" text NOT NULL,
	"provider_tid" text,
	"service_mode" text NOT NULL,
	"qr_mode" text,
	"products" text[],
	"endpoint_url" text,
	"api_key" text,
	"secret_key" text,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nfc_receipt_templates" ADD CONSTRAINT "nfc_receipt_templates_master_merchant_id_organizations_id_fk" FOREIGN KEY ("master_merchant_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tpa_provider_configs" ADD CONSTRAINT "tpa_provider_configs_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tpa_provider_configs" ADD CONSTRAINT "tpa_provider_configs_terminal_tid_terminals_tid_fk" FOREIGN KEY ("terminal_tid") REFERENCES "public"."terminals"("tid") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "tpa_provider_configs_terminal_uq" ON "tpa_provider_configs" USING btree ("provider","terminal_tid");--> statement-breakpoint
CREATE INDEX "tpa_provider_configs_provider_org_idx" ON "tpa_provider_configs" USING btree ("provider","org_id");--> statement-breakpoint
CREATE INDEX "tpa_provider_configs_tid_idx" ON "tpa_provider_configs" USING btree ("terminal_tid");