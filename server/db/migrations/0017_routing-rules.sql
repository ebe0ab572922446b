CREATE TABLE "routing_rule_conditions" (
	"id" serial PRIMARY KEY NOT NULL,
	"rule_id" integer NOT NULL,
	"condition_type" text NOT NULL,
	"params" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "routing_rule_daily_stats" (
	"rule_id" integer NOT NULL,
	"day" date NOT NULL,
	"matches" integer DEFAULT 0 NOT NULL,
	"assignments" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "routing_rule_daily_stats_rule_id_day_pk" PRIMARY KEY("rule_id","day")
);
--> statement-breakpoint
CREATE TABLE "routing_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"rule_name" text NOT NULL,
	"target_strategy" text NOT NULL,
	"target_user_id" integer,
	"priority" smallint DEFAULT 50 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"last_chosen_user_id" integer,
	"last_matched_at" timestamp with time zone,
	"assignments_total" integer DEFAULT 0 NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "routing_rules_priority_ck" CHECK ("routing_rules"."priority" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "project_members" ADD COLUMN "skill_bonus_types" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "project_members" ADD COLUMN "skill_segments" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "project_members" ADD COLUMN "connected" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "project_members" ADD COLUMN "last_assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bonus_requests" ADD COLUMN "customer_segment" text;--> statement-breakpoint
ALTER TABLE "routing_rule_conditions" ADD CONSTRAINT "routing_rule_conditions_rule_id_routing_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."routing_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_rule_daily_stats" ADD CONSTRAINT "routing_rule_daily_stats_rule_id_routing_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."routing_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_rules" ADD CONSTRAINT "routing_rules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_rules" ADD CONSTRAINT "routing_rules_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_rules" ADD CONSTRAINT "routing_rules_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "routing_rule_conditions_rule_idx" ON "routing_rule_conditions" USING btree ("rule_id","position");--> statement-breakpoint
CREATE INDEX "routing_rules_project_order_idx" ON "routing_rules" USING btree ("project_id","priority" DESC NULLS LAST,"position","id");--> statement-breakpoint
-- Routing (issue 11) assigns new requests in the transaction that inserts them. Every insert
-- therefore also takes the project's 'assigned' count row, in the same (status) order as the
-- claims that move requests into it, so an insert that goes on to route never waits for that
-- row while a claim holding it waits for the 'new' row (no lock-order deadlock). It adds 0.
CREATE OR REPLACE FUNCTION bonus_request_counts_after_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO bonus_request_status_counts AS c (project_id, status, n)
  SELECT project_id, status, sum(n)::int FROM (
    SELECT project_id, status, count(*)::int AS n FROM inserted GROUP BY project_id, status
    UNION ALL
    SELECT DISTINCT project_id, 'assigned', 0 FROM inserted
  ) d
  GROUP BY project_id, status
  ORDER BY project_id, status
  ON CONFLICT (project_id, status) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END;
$$;
