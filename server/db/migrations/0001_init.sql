CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"spent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"ip_address" "inet",
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "totp_backup_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"full_name" text NOT NULL,
	"email" text,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"max_load" integer DEFAULT 5 NOT NULL,
	"manual_status" text,
	"forced_offline_at" timestamp with time zone,
	"last_activity_at" timestamp with time zone,
	"failed_login_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"totp_secret_enc" text,
	"totp_enabled" boolean DEFAULT false NOT NULL,
	"totp_last_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_max_load_ck" CHECK ("users"."max_load" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "project_members" (
	"project_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"agent_active" boolean DEFAULT true NOT NULL,
	"external_personnel_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_members_project_id_user_id_pk" PRIMARY KEY("project_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "project_settings" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"app_name" text DEFAULT 'Bonus Management System' NOT NULL,
	"timezone" text DEFAULT 'Europe/Istanbul' NOT NULL,
	"session_timeout" integer DEFAULT 7200 NOT NULL,
	"max_login_attempts" integer DEFAULT 5 NOT NULL,
	"email_notifications" boolean DEFAULT true NOT NULL,
	"sms_notifications" boolean DEFAULT false NOT NULL,
	"auto_sync" boolean DEFAULT true NOT NULL,
	"sync_interval" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"base_url" text NOT NULL,
	"db_type" text DEFAULT 'postgresql' NOT NULL,
	"db_host" text NOT NULL,
	"db_port" integer,
	"db_name" text NOT NULL,
	"db_user" text NOT NULL,
	"db_password_enc" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_sync_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"app_name" text DEFAULT 'Bonus Management System' NOT NULL,
	"timezone" text DEFAULT 'Europe/Istanbul' NOT NULL,
	"session_timeout" integer DEFAULT 7200 NOT NULL,
	"max_login_attempts" integer DEFAULT 5 NOT NULL,
	"email_notifications" boolean DEFAULT true NOT NULL,
	"sms_notifications" boolean DEFAULT false NOT NULL,
	"auto_sync" boolean DEFAULT true NOT NULL,
	"sync_interval" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "system_settings_single_row_ck" CHECK ("system_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"username" text,
	"action" text NOT NULL,
	"resource" text NOT NULL,
	"resource_id" text,
	"severity" text NOT NULL,
	"category" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip_address" "inet",
	"project_id" integer
);
--> statement-breakpoint
CREATE TABLE "bonus_request_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"type" text NOT NULL,
	"actor_user_id" integer,
	"actor_name" text,
	"from_status" text,
	"to_status" text,
	"reason" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bonus_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"external_id" text,
	"customer_id" text,
	"customer_username" text,
	"customer_name" text,
	"bonus_type" text DEFAULT 'other' NOT NULL,
	"amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"description" text,
	"priority" smallint DEFAULT 3 NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"created_by_user_id" integer,
	"assigned_user_id" integer,
	"assigned_by_user_id" integer,
	"assigned_at" timestamp with time zone,
	"reserved_for_user_id" integer,
	"reserved_at" timestamp with time zone,
	"completed_by_user_id" integer,
	"completed_at" timestamp with time zone,
	"completion_notes" text,
	"requeue_reason" text,
	"external_updated_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce(external_id, '') || ' ' || coalesce(customer_username, '') || ' ' || coalesce(customer_name, '') || ' ' || coalesce(customer_id, '') || ' ' || coalesce(description, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_requests_priority_ck" CHECK ("bonus_requests"."priority" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "project_statistics" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"waiting" integer DEFAULT 0 NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"problem" integer DEFAULT 0 NOT NULL,
	"total_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"completed_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"sync_type" text NOT NULL,
	"status" text NOT NULL,
	"force_full_sync" boolean DEFAULT false NOT NULL,
	"date_from" date,
	"date_to" date,
	"started_by_user_id" integer,
	"trigger" text DEFAULT 'manual' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"error_message" text,
	"rows_total" integer,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"rows_written" integer DEFAULT 0 NOT NULL,
	"rows_failed" integer DEFAULT 0 NOT NULL,
	"errors" jsonb
);
--> statement-breakpoint
CREATE TABLE "sync_watermarks" (
	"project_id" integer NOT NULL,
	"sync_type" text NOT NULL,
	"watermark" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "totp_backup_codes" ADD CONSTRAINT "totp_backup_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_settings" ADD CONSTRAINT "project_settings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_request_events" ADD CONSTRAINT "bonus_request_events_request_id_bonus_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."bonus_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_requests" ADD CONSTRAINT "bonus_requests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_requests" ADD CONSTRAINT "bonus_requests_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_requests" ADD CONSTRAINT "bonus_requests_assigned_user_id_users_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_requests" ADD CONSTRAINT "bonus_requests_assigned_by_user_id_users_id_fk" FOREIGN KEY ("assigned_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_requests" ADD CONSTRAINT "bonus_requests_reserved_for_user_id_users_id_fk" FOREIGN KEY ("reserved_for_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_requests" ADD CONSTRAINT "bonus_requests_completed_by_user_id_users_id_fk" FOREIGN KEY ("completed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_statistics" ADD CONSTRAINT "project_statistics_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_logs" ADD CONSTRAINT "sync_logs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_logs" ADD CONSTRAINT "sync_logs_started_by_user_id_users_id_fk" FOREIGN KEY ("started_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_watermarks" ADD CONSTRAINT "sync_watermarks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_uq" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session_idx" ON "refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "totp_backup_codes_user_idx" ON "totp_backup_codes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_uq" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "project_members_user_idx" ON "project_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_members_external_uq" ON "project_members" USING btree ("project_id","external_personnel_id") WHERE "project_members"."external_personnel_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "projects_code_lower_uq" ON "projects" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "audit_logs_project_time_idx" ON "audit_logs" USING btree ("project_id","timestamp" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_logs_time_idx" ON "audit_logs" USING btree ("timestamp" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bonus_request_events_request_idx" ON "bonus_request_events" USING btree ("request_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_requests_project_external_uq" ON "bonus_requests" USING btree ("project_id","external_id") WHERE "bonus_requests"."external_id" is not null;--> statement-breakpoint
CREATE INDEX "bonus_requests_project_created_idx" ON "bonus_requests" USING btree ("project_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bonus_requests_project_status_created_idx" ON "bonus_requests" USING btree ("project_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bonus_requests_assignee_status_idx" ON "bonus_requests" USING btree ("assigned_user_id","status");--> statement-breakpoint
CREATE INDEX "bonus_requests_reserved_idx" ON "bonus_requests" USING btree ("reserved_for_user_id","reserved_at") WHERE "bonus_requests"."reserved_for_user_id" is not null;--> statement-breakpoint
CREATE INDEX "bonus_requests_search_trgm_idx" ON "bonus_requests" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sync_logs_project_started_idx" ON "sync_logs" USING btree ("project_id","started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "sync_logs_one_running_uq" ON "sync_logs" USING btree ("project_id") WHERE "sync_logs"."status" in ('running', 'pending');--> statement-breakpoint
CREATE UNIQUE INDEX "sync_watermarks_uq" ON "sync_watermarks" USING btree ("project_id","sync_type");