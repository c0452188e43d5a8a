-- A switch of the resource engine (0/1 smallint like is_active), so /user-group edits it.
ALTER TABLE "user_groups" ALTER COLUMN "mfa_required" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "user_groups" ALTER COLUMN "mfa_required" SET DATA TYPE smallint USING (CASE WHEN "mfa_required" THEN 1 ELSE 0 END);--> statement-breakpoint
ALTER TABLE "user_groups" ALTER COLUMN "mfa_required" SET DEFAULT 0;
