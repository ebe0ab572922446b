-- Keeps bonus_request_status_counts exact for every write path (services, sync, seeds, bulk SQL).
-- Statement-level triggers with transition tables: a bulk insert of 100,000 rows costs one
-- aggregated upsert, and an update that does not change a status (reservation, notes) locks nothing.
-- Rows are upserted in (project_id, status) order so concurrent writers take the locks in one order.
CREATE OR REPLACE FUNCTION bonus_request_counts_after_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO bonus_request_status_counts AS c (project_id, status, n)
  SELECT project_id, status, count(*)::int FROM inserted GROUP BY project_id, status ORDER BY project_id, status
  ON CONFLICT (project_id, status) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bonus_request_counts_after_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO bonus_request_status_counts AS c (project_id, status, n)
  SELECT project_id, status, sum(delta)::int
  FROM (
    SELECT o.project_id, o.status, -1 AS delta
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.status <> n.status OR o.project_id <> n.project_id
    UNION ALL
    SELECT n.project_id, n.status, 1 AS delta
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.status <> n.status OR o.project_id <> n.project_id
  ) d
  GROUP BY project_id, status
  HAVING sum(delta) <> 0
  ORDER BY project_id, status
  ON CONFLICT (project_id, status) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Only updates here: a project being deleted has its count rows removed by cascade already.
CREATE OR REPLACE FUNCTION bonus_request_counts_after_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE bonus_request_status_counts c SET n = c.n - d.n
  FROM (SELECT project_id, status, count(*)::int AS n FROM deleted GROUP BY project_id, status) d
  WHERE c.project_id = d.project_id AND c.status = d.status;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bonus_request_counts_after_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM bonus_request_status_counts;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bonus_request_counts_insert AFTER INSERT ON bonus_requests
  REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION bonus_request_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER bonus_request_counts_update AFTER UPDATE ON bonus_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bonus_request_counts_after_update();
--> statement-breakpoint
CREATE TRIGGER bonus_request_counts_delete AFTER DELETE ON bonus_requests
  REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION bonus_request_counts_after_delete();
--> statement-breakpoint
CREATE TRIGGER bonus_request_counts_truncate AFTER TRUNCATE ON bonus_requests
  FOR EACH STATEMENT EXECUTE FUNCTION bonus_request_counts_after_truncate();
--> statement-breakpoint
INSERT INTO bonus_request_status_counts (project_id, status, n)
SELECT project_id, status, count(*)::int FROM bonus_requests GROUP BY project_id, status
ON CONFLICT (project_id, status) DO UPDATE SET n = excluded.n;
