ALTER TABLE "merchant_uploads" ADD COLUMN "created_ids" jsonb;--> statement-breakpoint
ALTER TABLE "merchant_uploads" ADD COLUMN "uploaded_by_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_uploads" ADD COLUMN "file_sha256" text;--> statement-breakpoint
ALTER TABLE "merchant_uploads" ADD COLUMN "file_format" text;