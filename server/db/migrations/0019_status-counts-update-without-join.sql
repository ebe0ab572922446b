-- The status counts of an UPDATE (0004) without joining the transition tables: each old row counts
-- -1 in its (project, status) and each new row +1, so a row whose status did not change cancels
-- out and only groups with a net change are written (and locked), exactly as before. PL/pgSQL
-- keeps the plan of a static statement from its first run in a connection, where the transition
-- tables were planned as one row each: a thousand-row update (routing a sync batch) then joined
-- them by a nested loop over a million pairs (0.2 s, while the project's count rows were held).
CREATE OR REPLACE FUNCTION bonus_request_counts_after_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO bonus_request_status_counts AS c (project_id, status, n)
  SELECT project_id, status, sum(delta)::int
  FROM (
    SELECT project_id, status, -count(*) AS delta FROM old_rows GROUP BY project_id, status
    UNION ALL
    SELECT project_id, status, count(*) AS delta FROM new_rows GROUP BY project_id, status
  ) d
  GROUP BY project_id, status
  HAVING sum(delta) <> 0
  ORDER BY project_id, status
  ON CONFLICT (project_id, status) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END;
$$;
