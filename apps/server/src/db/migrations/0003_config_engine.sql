CREATE TABLE "business_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"mcc" char(4) NOT NULL,
	"category_name" text NOT NULL,
	"risk_level" text DEFAULT 'LOW' NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_categories_mcc_unique" UNIQUE("mcc")
);
--> statement-breakpoint
CREATE TABLE "card_bins" (
	"id" serial PRIMARY KEY NOT NULL,
	"bin_prefix" text NOT NULL,
	"card_scheme" text NOT NULL,
	"card_type" text NOT NULL,
	"issuer_name" text NOT NULL,
	"issuer_country" char(3) NOT NULL,
	"is_domestic" smallint DEFAULT 1 NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_bins_bin_prefix_unique" UNIQUE("bin_prefix")
);
--> statement-breakpoint
CREATE TABLE "mdr_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_product_id" integer NOT NULL,
	"mdr_category_id" integer NOT NULL,
	"fee_mode" smallint NOT NULL,
	"mdr_percent" numeric(7, 4) DEFAULT '0' NOT NULL,
	"flat_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"min_fee" numeric(18, 2),
	"max_fee" numeric(18, 2),
	"effective_date" date NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_key" text NOT NULL,
	"channel" text NOT NULL,
	"subject" text,
	"body_en" text NOT NULL,
	"body_ms" text NOT NULL,
	"body_zh" text NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mobile_global_permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"permission_key" text NOT NULL,
	"module" text NOT NULL,
	"description" text NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mobile_global_permissions_permission_key_unique" UNIQUE("permission_key")
);
--> statement-breakpoint
CREATE TABLE "mobile_user_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"user_type" text NOT NULL,
	"description" text,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mobile_user_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "organization_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"service_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"payment_products" text[] DEFAULT '{}'::text[] NOT NULL,
	"mdr_category_id" integer,
	"settlement_timing" text DEFAULT 'T_PLUS_X' NOT NULL,
	"settlement_days" integer DEFAULT 1 NOT NULL,
	"settlement_custom" text,
	"payout_bank_id" integer,
	"payout_account_no" text,
	"payout_account_name" text,
	"callback_url" text,
	"callback_secret" text,
	"risk_profile" text DEFAULT 'STANDARD' NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_configs_org_id_unique" UNIQUE("org_id")
);
--> statement-breakpoint
CREATE TABLE "payout_holidays" (
	"id" serial PRIMARY KEY NOT NULL,
	"holiday_date" date NOT NULL,
	"holiday_name" text NOT NULL,
	"states" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_parameters" (
	"id" serial PRIMARY KEY NOT NULL,
	"rule_code" text NOT NULL,
	"threshold" numeric(18, 2) NOT NULL,
	"time_unit" text,
	"window_length" integer,
	"action" text DEFAULT 'ALERT' NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_parameters_rule_code_unique" UNIQUE("rule_code")
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_code" text NOT NULL,
	"plan_name" text NOT NULL,
	"monthly_fee" numeric(18, 2) NOT NULL,
	"txn_quota" integer,
	"description" text,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_plans_plan_code_unique" UNIQUE("plan_code")
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"setting_key" text NOT NULL,
	"setting_value" text NOT NULL,
	"value_type" text NOT NULL,
	"description" text NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "system_settings_setting_key_unique" UNIQUE("setting_key")
);
--> statement-breakpoint
CREATE TABLE "tpa_product_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"payment_product_id" integer NOT NULL,
	"priority" integer DEFAULT 1 NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "acquirers" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "acquirers" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "acquirers" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "acquirers" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "banks" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "mdr_categories" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "mdr_categories" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "mdr_categories" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_products" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "terminal_models" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "terminal_models" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "terminal_models" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "mdr_rates" ADD CONSTRAINT "mdr_rates_payment_product_id_payment_products_id_fk" FOREIGN KEY ("payment_product_id") REFERENCES "public"."payment_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mdr_rates" ADD CONSTRAINT "mdr_rates_mdr_category_id_mdr_categories_id_fk" FOREIGN KEY ("mdr_category_id") REFERENCES "public"."mdr_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_template_key_message_template_keys_template_key_fk" FOREIGN KEY ("template_key") REFERENCES "public"."message_template_keys"("template_key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_configs" ADD CONSTRAINT "organization_configs_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_configs" ADD CONSTRAINT "organization_configs_mdr_category_id_mdr_categories_id_fk" FOREIGN KEY ("mdr_category_id") REFERENCES "public"."mdr_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_configs" ADD CONSTRAINT "organization_configs_payout_bank_id_banks_id_fk" FOREIGN KEY ("payout_bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tpa_product_configs" ADD CONSTRAINT "tpa_product_configs_payment_product_id_payment_products_id_fk" FOREIGN KEY ("payment_product_id") REFERENCES "public"."payment_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mdr_rates_uq" ON "mdr_rates" USING btree ("payment_product_id","mdr_category_id","effective_date");--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_uq" ON "message_templates" USING btree ("template_key","channel");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_holidays_uq" ON "payout_holidays" USING btree ("holiday_date","holiday_name");--> statement-breakpoint
CREATE UNIQUE INDEX "tpa_product_configs_uq" ON "tpa_product_configs" USING btree ("payment_product_id","provider");