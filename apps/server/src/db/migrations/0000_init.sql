CREATE TABLE "acquirers" (
	"id" serial PRIMARY KEY NOT NULL,
	"acq_name" text NOT NULL,
	"code" text NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "acquirers_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer,
	"actor_email" text,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"result" text NOT NULL,
	"client_ip" text,
	"socket_ip" text,
	"before" jsonb,
	"after" jsonb,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "channel_nonces" (
	"channel_id" text NOT NULL,
	"nonce" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_nonces_channel_id_nonce_pk" PRIMARY KEY("channel_id","nonce")
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"currency_code" char(3) NOT NULL,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "currencies_currency_code_unique" UNIQUE("currency_code")
);
--> statement-breakpoint
CREATE TABLE "daily_sales_summary" (
	"business_day" date NOT NULL,
	"master_merchant_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"service_type" smallint NOT NULL,
	"payment_method" text NOT NULL,
	"status" text NOT NULL,
	"currency" char(3) NOT NULL,
	"txn_count" integer NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	CONSTRAINT "daily_sales_summary_business_day_merchant_id_branch_id_service_type_payment_method_status_currency_pk" PRIMARY KEY("business_day","merchant_id","branch_id","service_type","payment_method","status","currency")
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"org_id" integer,
	"group_id" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"level" text NOT NULL,
	"parent_id" integer,
	"path" text NOT NULL,
	"name" text NOT NULL,
	"reg_no" text,
	"mid" text,
	"business_category" text,
	"address1" text,
	"city" text,
	"state" text,
	"postcode" text,
	"phone" text,
	"email" text,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"onboarding_status" text DEFAULT 'VERIFIED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" integer NOT NULL,
	"txn_ref_no" text NOT NULL,
	"service_type" smallint NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"currency" char(3) NOT NULL,
	"reason_code" text NOT NULL,
	"status" text NOT NULL,
	"description" text,
	"master_merchant_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"branch_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "secure_channels" (
	"id" text PRIMARY KEY NOT NULL,
	"key_material" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"membership_id" integer NOT NULL,
	"channel_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"client_ip" text,
	"socket_ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"txn_ref_no" text NOT NULL,
	"merchant_order_no" text,
	"order_description" text,
	"service_type" smallint NOT NULL,
	"payment_method" text NOT NULL,
	"card_scheme" text,
	"card_type" text,
	"masked_pan" text,
	"pan_last4" char(4),
	"issuer_country" char(3),
	"bank_code" text,
	"txn_type" text NOT NULL,
	"status" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"currency" char(3) NOT NULL,
	"mid" text,
	"tid" text,
	"acquirer_id" integer,
	"acquirer_name" text,
	"provider" text,
	"auth_code" text,
	"response_code" text,
	"response_message" text,
	"master_merchant_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"branch_id" integer,
	"cust_name" text,
	"cust_phone_no" text,
	"cust_email" text,
	"cust_ref" text,
	"cust_address1" text,
	"cust_address2" text,
	"cust_state" text,
	"cust_city" text,
	"cust_country" text,
	"client_ip" text,
	"payment_creation_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_group_permissions" (
	"group_id" integer NOT NULL,
	"permission" text NOT NULL,
	CONSTRAINT "user_group_permissions_group_id_permission_pk" PRIMARY KEY("group_id","permission")
);
--> statement-breakpoint
CREATE TABLE "user_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"group_type" text NOT NULL,
	"description" text,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"nick_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_group_id_user_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."user_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group_permissions" ADD CONSTRAINT "user_group_permissions_group_id_user_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."user_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id","at");--> statement-breakpoint
CREATE INDEX "channel_nonces_seen_idx" ON "channel_nonces" USING btree ("seen_at");--> statement-breakpoint
CREATE INDEX "dss_mm_idx" ON "daily_sales_summary" USING btree ("master_merchant_id","business_day");--> statement-breakpoint
CREATE INDEX "dss_agency_idx" ON "daily_sales_summary" USING btree ("agency_id","business_day");--> statement-breakpoint
CREATE INDEX "dss_agent_idx" ON "daily_sales_summary" USING btree ("agent_id","business_day");--> statement-breakpoint
CREATE INDEX "dss_merchant_idx" ON "daily_sales_summary" USING btree ("merchant_id","business_day");--> statement-breakpoint
CREATE INDEX "dss_day_idx" ON "daily_sales_summary" USING btree ("business_day");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_uq" ON "memberships" USING btree ("user_id","org_id","group_id");--> statement-breakpoint
CREATE INDEX "memberships_user_idx" ON "memberships" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "organizations_path_idx" ON "organizations" USING btree ("path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "organizations_parent_idx" ON "organizations" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "organizations_level_idx" ON "organizations" USING btree ("level","name");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_mid_uq" ON "organizations" USING btree ("mid");--> statement-breakpoint
CREATE INDEX "refund_requests_status_idx" ON "refund_requests" USING btree ("status","merchant_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_ref_uq" ON "transactions" USING btree ("txn_ref_no");--> statement-breakpoint
CREATE INDEX "transactions_st_created_idx" ON "transactions" USING btree ("service_type","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_mm_idx" ON "transactions" USING btree ("master_merchant_id","service_type","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_agency_idx" ON "transactions" USING btree ("agency_id","service_type","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_agent_idx" ON "transactions" USING btree ("agent_id","service_type","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_merchant_idx" ON "transactions" USING btree ("merchant_id","service_type","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_branch_idx" ON "transactions" USING btree ("branch_id","service_type","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree (lower("email"));