ALTER TABLE "risk_alerts" ADD COLUMN "subject_label" text;--> statement-breakpoint
UPDATE "risk_alerts" a SET "subject_label" = CASE a."subject_kind"
  WHEN 'MERCHANT' THEN coalesce((SELECT o."name" FROM "organizations" o WHERE o."id" = a."merchant_id"), a."subject")
  WHEN 'TRANSACTION' THEN coalesce((SELECT t."txn_ref_no" FROM "transactions" t WHERE t."id" = a."subject"::bigint), a."subject")
  ELSE a."subject" END;--> statement-breakpoint
ALTER TABLE "risk_alerts" ALTER COLUMN "subject_label" SET NOT NULL;
