ALTER TABLE "project_settings" ADD COLUMN "approval_threshold" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "project_settings" ADD COLUMN "customer_daily_limit" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "project_settings" ADD COLUMN "customer_monthly_limit" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "bonus_requests" ADD COLUMN "approval_requested_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "bonus_requests" ADD COLUMN "approval_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bonus_requests" ADD COLUMN "approval_details" jsonb;--> statement-breakpoint
ALTER TABLE "bonus_requests" ADD COLUMN "approved_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "bonus_requests" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bonus_requests" ADD COLUMN "rejected_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "bonus_requests" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "bonus_requests" ADD CONSTRAINT "bonus_requests_approval_requested_by_user_id_users_id_fk" FOREIGN KEY ("approval_requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_requests" ADD CONSTRAINT "bonus_requests_approved_by_user_id_users_id_fk" FOREIGN KEY ("approved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_requests" ADD CONSTRAINT "bonus_requests_rejected_by_user_id_users_id_fk" FOREIGN KEY ("rejected_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonus_requests_pending_approval_idx" ON "bonus_requests" USING btree ("project_id","approval_requested_at","id") WHERE "bonus_requests"."status" = 'pending_approval';--> statement-breakpoint
CREATE INDEX "bonus_requests_approved_idx" ON "bonus_requests" USING btree ("project_id","approved_at") WHERE "bonus_requests"."approved_at" is not null;--> statement-breakpoint
CREATE INDEX "bonus_requests_customer_completed_idx" ON "bonus_requests" USING btree ("project_id",coalesce(nullif("customer_id", ''), 'u:' || lower(nullif("customer_username", ''))),"completed_at") WHERE "bonus_requests"."status" = 'completed';--> statement-breakpoint
-- Four eyes in the database too, so no path can skip it (the server answers 403 FOUR_EYES_REQUIRED first):
-- * nobody approves what they asked for;
-- * a request waiting for approval is completed by a person only with an approver;
-- * a person cannot complete, at or above the project's approval threshold, without one.
-- A request the project's own system closed (the sync: no person completes it) is left alone.
CREATE FUNCTION bonus_requests_four_eyes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  threshold numeric;
BEGIN
  IF new.approved_by_user_id IS NOT NULL AND new.approved_by_user_id = new.approval_requested_by_user_id THEN
    RAISE EXCEPTION 'four eyes: the person who asked cannot approve' USING ERRCODE = 'BP403';
  END IF;
  IF new.status = 'completed' AND old.status IS DISTINCT FROM 'completed' AND new.completed_by_user_id IS NOT NULL THEN
    IF old.status = 'pending_approval' AND new.approved_by_user_id IS NULL THEN
      RAISE EXCEPTION 'four eyes: a waiting approval needs an approver' USING ERRCODE = 'BP403';
    END IF;
    IF new.approved_by_user_id IS NULL THEN
      SELECT approval_threshold INTO threshold FROM project_settings WHERE project_id = new.project_id;
      IF threshold IS NOT NULL AND new.amount >= threshold THEN
        RAISE EXCEPTION 'four eyes: an amount at or above the threshold needs an approver' USING ERRCODE = 'BP403';
      END IF;
    END IF;
  END IF;
  RETURN new;
END
$$;--> statement-breakpoint
CREATE TRIGGER bonus_requests_four_eyes BEFORE UPDATE ON bonus_requests FOR EACH ROW
  WHEN ((new.status = 'completed' AND old.status IS DISTINCT FROM new.status) OR new.approved_by_user_id IS NOT NULL)
  EXECUTE FUNCTION bonus_requests_four_eyes();
