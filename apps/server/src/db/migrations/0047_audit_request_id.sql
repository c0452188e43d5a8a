ALTER TABLE "audit_log" ADD COLUMN "actor_membership_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "request_id" text;