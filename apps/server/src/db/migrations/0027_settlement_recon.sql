CREATE TABLE "recon_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"txn_type" text NOT NULL,
	"file_id" integer NOT NULL,
	"settlement_row_id" bigint,
	"transaction_id" bigint,
	"reference" text NOT NULL,
	"settlement_date" date NOT NULL,
	"txn_day" date NOT NULL,
	"result" smallint NOT NULL,
	"matched_result" smallint NOT NULL,
	"differences" text,
	"amount_diff" numeric(18, 2),
	"fee_diff" numeric(18, 2),
	"duplicate_of_row_id" bigint,
	"verified_by_user_id" integer,
	"verified_at" timestamp with time zone,
	"note" text,
	"master_merchant_id" integer,
	"agency_id" integer,
	"agent_id" integer,
	"merchant_id" integer,
	"branch_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recon_items_result_ck" CHECK ("recon_items"."result" BETWEEN 1 AND 7 AND "recon_items"."matched_result" BETWEEN 1 AND 7)
);
--> statement-breakpoint
CREATE TABLE "settlement_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"format_key" text NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"file_sha256" char(64) NOT NULL,
	"byte_size" bigint NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"error_line" integer,
	"error_field" text,
	"error_message" text,
	"settlement_date_from" date,
	"settlement_date_to" date,
	"txn_day_from" date,
	"txn_day_to" date,
	"uploaded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "settlement_files_status_ck" CHECK ("settlement_files"."status" IN ('QUEUED', 'READING', 'MATCHING', 'DONE', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "settlement_rows" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"provider" text NOT NULL,
	"line_no" integer NOT NULL,
	"reference" text NOT NULL,
	"provider_txn_id" text,
	"txn_type" text NOT NULL,
	"txn_at" timestamp with time zone NOT NULL,
	"settlement_date" date NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"fee" numeric(18, 2) NOT NULL,
	"net" numeric(18, 2) NOT NULL,
	"currency" char(3) NOT NULL,
	"method" text,
	"mid" text,
	"tid" text
);
--> statement-breakpoint
ALTER TABLE "recon_items" ADD CONSTRAINT "recon_items_verified_by_user_id_users_id_fk" FOREIGN KEY ("verified_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_files" ADD CONSTRAINT "settlement_files_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recon_items_txn_uq" ON "recon_items" USING btree ("provider","kind","txn_type","transaction_id") WHERE "recon_items"."transaction_id" IS NOT NULL AND "recon_items"."matched_result" <> 7;--> statement-breakpoint
CREATE UNIQUE INDEX "recon_items_row_uq" ON "recon_items" USING btree ("settlement_row_id") WHERE "recon_items"."settlement_row_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "recon_items_provider_day_idx" ON "recon_items" USING btree ("provider","settlement_date","result");--> statement-breakpoint
CREATE INDEX "recon_items_file_idx" ON "recon_items" USING btree ("file_id","result");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_files_once_uq" ON "settlement_files" USING btree ("format_key","file_sha256") WHERE "settlement_files"."status" <> 'FAILED';--> statement-breakpoint
CREATE INDEX "settlement_files_format_idx" ON "settlement_files" USING btree ("format_key","created_at");--> statement-breakpoint
CREATE INDEX "settlement_rows_file_idx" ON "settlement_rows" USING btree ("file_id","line_no");--> statement-breakpoint
CREATE INDEX "settlement_rows_ref_idx" ON "settlement_rows" USING btree ("provider","reference");