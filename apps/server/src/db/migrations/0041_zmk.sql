CREATE TABLE "zmk_components" (
	"id" serial PRIMARY KEY NOT NULL,
	"key_id" integer NOT NULL,
	"seq" smallint NOT NULL,
	"user_id" integer NOT NULL,
	"component_sealed" text,
	"kcv" text NOT NULL,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zmk_components_seq_ck" CHECK ("zmk_components"."seq" BETWEEN 1 AND 3)
);
--> statement-breakpoint
CREATE TABLE "zmk_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"key_id" integer NOT NULL,
	"event" text NOT NULL,
	"seq" smallint,
	"kcv" text,
	"reason" text,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zmk_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"purpose" text NOT NULL,
	"acquirer_id" integer NOT NULL,
	"scheme" text NOT NULL,
	"component_count" smallint NOT NULL,
	"status" text DEFAULT 'AWAITING_COMPONENTS' NOT NULL,
	"key_sealed" text,
	"kcv" text,
	"odd_parity" boolean,
	"created_by_user_id" integer NOT NULL,
	"activated_at" timestamp with time zone,
	"closed_by_user_id" integer,
	"closed_at" timestamp with time zone,
	"close_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zmk_keys_component_count_ck" CHECK ("zmk_keys"."component_count" IN (2, 3)),
	CONSTRAINT "zmk_keys_active_ck" CHECK (("zmk_keys"."status" = 'ACTIVE') = ("zmk_keys"."key_sealed" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "zmk_components" ADD CONSTRAINT "zmk_components_key_id_zmk_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."zmk_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zmk_events" ADD CONSTRAINT "zmk_events_key_id_zmk_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."zmk_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zmk_keys" ADD CONSTRAINT "zmk_keys_acquirer_id_acquirers_id_fk" FOREIGN KEY ("acquirer_id") REFERENCES "public"."acquirers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "zmk_components_slot_uq" ON "zmk_components" USING btree ("key_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "zmk_components_user_uq" ON "zmk_components" USING btree ("key_id","user_id");--> statement-breakpoint
CREATE INDEX "zmk_events_key_idx" ON "zmk_events" USING btree ("key_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "zmk_keys_name_uq" ON "zmk_keys" USING btree ("name");