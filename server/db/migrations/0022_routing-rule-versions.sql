CREATE TABLE "routing_rule_versions" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"version" uuid DEFAULT gen_random_uuid() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "routing_rule_versions" ADD CONSTRAINT "routing_rule_versions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A project's routing definition gets a new version whenever a rule's definition or a condition
-- changes, by whatever path (the API, seeds, a user's deletion clearing a target, psql). The
-- columns a routing decision writes itself (the cursor, counters, last match) are left out, so
-- routing never invalidates what it reads. Projects being deleted are skipped (the join on
-- projects): their versions go by cascade.
CREATE OR REPLACE FUNCTION routing_definition_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
-- TG_ARGV[0]: the column naming the changed row's project ('project_id', a rule) or its rule ('rule_id', a condition).
DECLARE
  ids int[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN ids := ids || (to_jsonb(OLD) ->> TG_ARGV[0])::int; END IF;
  IF TG_OP <> 'DELETE' THEN ids := ids || (to_jsonb(NEW) ->> TG_ARGV[0])::int; END IF;
  -- A condition removed with its rule finds no rule here: the rule's own trigger moved the version.
  IF TG_ARGV[0] = 'rule_id' THEN ids := ARRAY(SELECT r.project_id FROM routing_rules r WHERE r.id = ANY (ids)); END IF;
  INSERT INTO routing_rule_versions AS v (project_id, version)
  SELECT p.id, gen_random_uuid() FROM projects p WHERE p.id = ANY (ids) ORDER BY p.id
  ON CONFLICT (project_id) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION routing_rules_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE routing_rule_versions SET version = gen_random_uuid();
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER routing_rules_definition_changed
  AFTER INSERT OR DELETE OR UPDATE OF project_id, rule_name, target_strategy, target_user_id, priority, is_active, position ON routing_rules
  FOR EACH ROW EXECUTE FUNCTION routing_definition_changed('project_id');
--> statement-breakpoint
CREATE TRIGGER routing_rule_conditions_changed AFTER INSERT OR DELETE OR UPDATE ON routing_rule_conditions
  FOR EACH ROW EXECUTE FUNCTION routing_definition_changed('rule_id');
--> statement-breakpoint
CREATE TRIGGER routing_rules_truncated AFTER TRUNCATE ON routing_rules
  FOR EACH STATEMENT EXECUTE FUNCTION routing_rules_truncated();
--> statement-breakpoint
CREATE TRIGGER routing_rule_conditions_truncated AFTER TRUNCATE ON routing_rule_conditions
  FOR EACH STATEMENT EXECUTE FUNCTION routing_rules_truncated();
--> statement-breakpoint
INSERT INTO routing_rule_versions (project_id) SELECT DISTINCT project_id FROM routing_rules ON CONFLICT DO NOTHING;
