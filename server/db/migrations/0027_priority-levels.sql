-- A priority threshold condition now compares the request's 1–5 level (the one scale people see),
-- not the stored 1–10: a threshold N becomes the level that holds N (its half rounded up).
UPDATE "routing_rule_conditions"
SET "params" = jsonb_set("params", '{value}', to_jsonb(LEAST(5, GREATEST(1, CEIL((("params"->>'value')::numeric) / 2)))::int))
WHERE "condition_type" = 'priority_threshold' AND jsonb_typeof("params"->'value') = 'number';
