CREATE TABLE "acquirer_services" (
	"acquirer_id" integer NOT NULL,
	"service_type" smallint NOT NULL,
	"terminal_category" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "acquirer_services_acquirer_id_service_type_terminal_category_pk" PRIMARY KEY("acquirer_id","service_type","terminal_category")
);
--> statement-breakpoint
CREATE TABLE "banks" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_name" text NOT NULL,
	"bank_code" text NOT NULL,
	"swift_code" text,
	"country" text DEFAULT 'MALAYSIA' NOT NULL,
	"channels" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"alpha2" char(2) PRIMARY KEY NOT NULL,
	"alpha3" char(3) NOT NULL,
	"country_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mdr_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_code" text NOT NULL,
	"category_name" text NOT NULL,
	"service_type" smallint NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "mdr_categories_st_code_uq" UNIQUE("service_type","category_code")
);
--> statement-breakpoint
CREATE TABLE "message_template_keys" (
	"template_key" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"placeholders" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_name" text NOT NULL,
	"product_code" text NOT NULL,
	"service_type" smallint NOT NULL,
	"category_code" text NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminal_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"model" text NOT NULL,
	"manufacturer" text,
	"is_active" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "acquirer_services" ADD CONSTRAINT "acquirer_services_acquirer_id_acquirers_id_fk" FOREIGN KEY ("acquirer_id") REFERENCES "public"."acquirers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_products" ADD CONSTRAINT "payment_products_mdr_category_fk" FOREIGN KEY ("service_type","category_code") REFERENCES "public"."mdr_categories"("service_type","category_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "acquirer_services_st_idx" ON "acquirer_services" USING btree ("service_type","terminal_category");--> statement-breakpoint
CREATE UNIQUE INDEX "banks_code_uq" ON "banks" USING btree ("bank_code");--> statement-breakpoint
CREATE INDEX "banks_active_idx" ON "banks" USING btree ("is_active","sort_order","bank_name");--> statement-breakpoint
CREATE UNIQUE INDEX "countries_alpha3_uq" ON "countries" USING btree ("alpha3");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_products_code_uq" ON "payment_products" USING btree ("product_code");--> statement-breakpoint
CREATE INDEX "payment_products_st_idx" ON "payment_products" USING btree ("service_type");--> statement-breakpoint
CREATE UNIQUE INDEX "terminal_models_model_uq" ON "terminal_models" USING btree ("model");