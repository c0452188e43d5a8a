CREATE UNIQUE INDEX "terminals_tid_org_uq" ON "terminals" USING btree ("tid","org_id");--> statement-breakpoint
ALTER TABLE "tpa_provider_configs" DROP CONSTRAINT "tpa_provider_configs_terminal_tid_terminals_tid_fk";
--> statement-breakpoint
ALTER TABLE "tpa_provider_configs" ADD CONSTRAINT "tpa_provider_configs_terminal_fk" FOREIGN KEY ("terminal_tid","org_id") REFERENCES "public"."terminals"("tid","org_id") ON DELETE no action ON UPDATE cascade;
