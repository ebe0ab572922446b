ALTER TABLE "project_settings" ADD COLUMN "waiting_alert_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "project_settings" ADD COLUMN "default_agent_capacity" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "project_settings" ADD COLUMN "claim_lease_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "project_settings" ADD COLUMN "complete_confirm_amount" numeric(14, 2) DEFAULT '10000';--> statement-breakpoint
ALTER TABLE "project_settings" ADD COLUMN "duplicate_window_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "two_factor_required_roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "project_settings" ADD CONSTRAINT "project_settings_waiting_alert_ck" CHECK ("project_settings"."waiting_alert_minutes" >= 1);--> statement-breakpoint
ALTER TABLE "project_settings" ADD CONSTRAINT "project_settings_default_capacity_ck" CHECK ("project_settings"."default_agent_capacity" >= 1);--> statement-breakpoint
ALTER TABLE "project_settings" ADD CONSTRAINT "project_settings_claim_lease_ck" CHECK ("project_settings"."claim_lease_minutes" >= 0);--> statement-breakpoint
ALTER TABLE "project_settings" ADD CONSTRAINT "project_settings_duplicate_window_ck" CHECK ("project_settings"."duplicate_window_hours" >= 0);