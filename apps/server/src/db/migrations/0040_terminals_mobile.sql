CREATE TABLE "master_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial_no" text NOT NULL,
	"model" text NOT NULL,
	"imei" text,
	"sim_iccid" text,
	"sim_msisdn" text,
	"status" text DEFAULT 'IN_STOCK' NOT NULL,
	"notes" text,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "master_devices_serial_no_unique" UNIQUE("serial_no")
);
--> statement-breakpoint
CREATE TABLE "mobile_advertisements" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"placement" text NOT NULL,
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
CREATE TABLE "mobile_notification_contents" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_code" text NOT NULL,
	"target" text NOT NULL,
	"title_en" text NOT NULL,
	"title_ms" text,
	"title_zh" text,
	"body_en" text NOT NULL,
	"body_ms" text,
	"body_zh" text,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mobile_notification_contents_content_code_unique" UNIQUE("content_code")
);
--> statement-breakpoint
CREATE TABLE "mobile_topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic_code" text NOT NULL,
	"topic_name" text NOT NULL,
	"description" text,
	"auto_subscribe" smallint DEFAULT 0 NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mobile_topics_topic_code_unique" UNIQUE("topic_code")
);
--> statement-breakpoint
CREATE TABLE "terminal_advertisements" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"target" text NOT NULL,
	"model" text,
	"merchant_id" integer,
	"image_url" text NOT NULL,
	"display_seconds" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminals" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"tid" text NOT NULL,
	"serial_no" text,
	"model" text NOT NULL,
	"acquirer_id" integer NOT NULL,
	"mid" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"last_seen_at" timestamp with time zone,
	"firmware_version" text,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terminals_tid_unique" UNIQUE("tid"),
	CONSTRAINT "terminals_serial_no_unique" UNIQUE("serial_no")
);
--> statement-breakpoint
ALTER TABLE "master_devices" ADD CONSTRAINT "master_devices_model_terminal_models_model_fk" FOREIGN KEY ("model") REFERENCES "public"."terminal_models"("model") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_advertisements" ADD CONSTRAINT "terminal_advertisements_model_terminal_models_model_fk" FOREIGN KEY ("model") REFERENCES "public"."terminal_models"("model") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_advertisements" ADD CONSTRAINT "terminal_advertisements_merchant_id_organizations_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_serial_no_master_devices_serial_no_fk" FOREIGN KEY ("serial_no") REFERENCES "public"."master_devices"("serial_no") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_model_terminal_models_model_fk" FOREIGN KEY ("model") REFERENCES "public"."terminal_models"("model") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_acquirer_id_acquirers_id_fk" FOREIGN KEY ("acquirer_id") REFERENCES "public"."acquirers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "terminals_org_idx" ON "terminals" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "terminals_acquirer_idx" ON "terminals" USING btree ("acquirer_id");