CREATE TABLE "risk_alert_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"alert_id" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer,
	"action" text NOT NULL,
	"summary" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_alert_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"alert_id" bigint NOT NULL,
	"transaction_id" bigint NOT NULL,
	"rule_code" text NOT NULL,
	"alerted_at" timestamp with time zone NOT NULL,
	"txn_ref_no" text NOT NULL,
	"txn_created_at" timestamp with time zone NOT NULL,
	"service_type" smallint NOT NULL,
	"payment_method" text NOT NULL,
	"masked_pan" text,
	"client_ip" text,
	"status" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"currency" char(3) NOT NULL,
	"master_merchant_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"branch_id" integer
);
--> statement-breakpoint
CREATE TABLE "risk_alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"rule_code" text NOT NULL,
	"subject_kind" text NOT NULL,
	"subject" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"threshold" numeric(18, 2) NOT NULL,
	"observed" numeric(20, 2) NOT NULL,
	"currency" char(3),
	"status" text DEFAULT 'PENDING' NOT NULL,
	"assignee_user_id" integer,
	"resolution" text,
	"master_merchant_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"branch_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_state" (
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"state" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_state_pk" PRIMARY KEY("kind","subject")
);
--> statement-breakpoint
ALTER TABLE "risk_alert_events" ADD CONSTRAINT "risk_alert_events_alert_id_risk_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."risk_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_alert_transactions" ADD CONSTRAINT "risk_alert_transactions_alert_id_risk_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."risk_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "risk_alert_events_alert_idx" ON "risk_alert_events" USING btree ("alert_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_alert_transactions_uq" ON "risk_alert_transactions" USING btree ("alert_id","transaction_id");--> statement-breakpoint
CREATE INDEX "risk_alert_transactions_txn_idx" ON "risk_alert_transactions" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "risk_alert_transactions_alerted_idx" ON "risk_alert_transactions" USING btree ("alerted_at","id");--> statement-breakpoint
CREATE INDEX "risk_alert_transactions_mm_idx" ON "risk_alert_transactions" USING btree ("master_merchant_id","alerted_at","id");--> statement-breakpoint
CREATE INDEX "risk_alert_transactions_merchant_idx" ON "risk_alert_transactions" USING btree ("merchant_id","alerted_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_alerts_crossing_uq" ON "risk_alerts" USING btree ("rule_code","subject","window_start");--> statement-breakpoint
CREATE INDEX "risk_alerts_status_idx" ON "risk_alerts" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "risk_alerts_created_idx" ON "risk_alerts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "risk_alerts_mm_created_idx" ON "risk_alerts" USING btree ("master_merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "risk_alerts_merchant_created_idx" ON "risk_alerts" USING btree ("merchant_id","created_at","id");