-- Keeps the daily roll-ups (bonus_request_daily, _hourly, _daily_agents, _proc_minutes) exact for
-- every write path (services, sync's bulk batches, seeds, psql), like the status counts (0004):
-- statement-level triggers with transition tables, one aggregated upsert per roll-up per statement,
-- upserted in key order so concurrent writers lock in one order. Only rows whose analytic columns
-- changed count on UPDATE (a reservation or a note locks nothing here).
--
-- Days are local to the project's time zone. The project's settings row is read FOR SHARE, so a
-- time-zone change waits for the writes in flight and the writes after it wait for it and see the
-- new zone; the change itself rebuilds that project's rows (bonus_request_rollups_rebuild).
-- Rows of a project being deleted are skipped (the join on projects): its roll-ups go by cascade.
CREATE OR REPLACE FUNCTION bonus_request_rollups_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  cols constant text := 'project_id, created_at, bonus_type, status, amount, assigned_at, completed_at, coalesce(completed_by_user_id, assigned_user_id, 0) AS agent_id';
  tuple constant text := '(%1$s.project_id, %1$s.created_at, %1$s.bonus_type, %1$s.status, %1$s.amount, %1$s.assigned_at, %1$s.completed_at, %1$s.completed_by_user_id, %1$s.assigned_user_id)';
  src text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    src := format('SELECT %s, 1 AS sign FROM new_rows', cols);
  ELSIF TG_OP = 'DELETE' THEN
    src := format('SELECT %s, -1 AS sign FROM old_rows', cols);
  ELSE
    src := format(
      'WITH ch AS (SELECT o.id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE %s IS DISTINCT FROM %s)
       SELECT %s, -1 AS sign FROM old_rows WHERE id IN (SELECT id FROM ch)
       UNION ALL SELECT %s, 1 AS sign FROM new_rows WHERE id IN (SELECT id FROM ch)',
      format(tuple, 'o'), format(tuple, 'n'), cols, cols);
  END IF;
  EXECUTE format($q$
    WITH d AS (%s),
    tz AS (
      SELECT s.project_id, s.timezone FROM project_settings s
      WHERE s.project_id IN (SELECT DISTINCT project_id FROM d) ORDER BY s.project_id FOR SHARE
    ),
    z AS (
      SELECT d.project_id, d.bonus_type, d.status, d.amount, d.agent_id, d.sign,
             d.created_at AT TIME ZONE coalesce(tz.timezone, 'Europe/Istanbul') AS local_ts,
             CASE WHEN d.status = 'completed' AND d.completed_at >= d.assigned_at
                  THEN round(extract(epoch FROM d.completed_at - d.assigned_at) * 1000)::bigint END AS proc_ms
      FROM d JOIN projects p ON p.id = d.project_id LEFT JOIN tz ON tz.project_id = d.project_id
    ),
    daily AS (
      INSERT INTO bonus_request_daily AS t (project_id, day, bonus_type, status, n, amount, proc_n, proc_ms)
      SELECT project_id, local_ts::date, bonus_type, status, sum(sign), sum(sign * amount),
             coalesce(sum(sign) FILTER (WHERE proc_ms IS NOT NULL), 0), coalesce(sum(sign * proc_ms), 0)
      FROM z GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (project_id, day, bonus_type, status) DO UPDATE
        SET n = t.n + excluded.n, amount = t.amount + excluded.amount, proc_n = t.proc_n + excluded.proc_n, proc_ms = t.proc_ms + excluded.proc_ms
      RETURNING 1
    ),
    hourly AS (
      INSERT INTO bonus_request_hourly AS t (project_id, day, hour, n)
      SELECT project_id, local_ts::date, extract(hour FROM local_ts)::smallint, sum(sign)
      FROM z GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (project_id, day, hour) DO UPDATE SET n = t.n + excluded.n
      RETURNING 1
    ),
    agents AS (
      INSERT INTO bonus_request_daily_agents AS t (project_id, day, agent_id, completed, amount, proc_n, proc_ms)
      SELECT project_id, local_ts::date, agent_id, sum(sign), sum(sign * amount),
             coalesce(sum(sign) FILTER (WHERE proc_ms IS NOT NULL), 0), coalesce(sum(sign * proc_ms), 0)
      FROM z WHERE status = 'completed' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (project_id, day, agent_id) DO UPDATE
        SET completed = t.completed + excluded.completed, amount = t.amount + excluded.amount, proc_n = t.proc_n + excluded.proc_n, proc_ms = t.proc_ms + excluded.proc_ms
      RETURNING 1
    ),
    minutes AS (
      INSERT INTO bonus_request_proc_minutes AS t (project_id, day, agent_id, minutes, n)
      SELECT project_id, local_ts::date, agent_id, (proc_ms / 60000)::int, sum(sign)
      FROM z WHERE proc_ms IS NOT NULL GROUP BY 1, 2, 3, 4 HAVING sum(sign) <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT (project_id, day, agent_id, minutes) DO UPDATE SET n = t.n + excluded.n
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM daily) + (SELECT count(*) FROM hourly) + (SELECT count(*) FROM agents) + (SELECT count(*) FROM minutes)
  $q$, src);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bonus_request_rollups_insert AFTER INSERT ON bonus_requests
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bonus_request_rollups_changed();
--> statement-breakpoint
CREATE TRIGGER bonus_request_rollups_update AFTER UPDATE ON bonus_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bonus_request_rollups_changed();
--> statement-breakpoint
CREATE TRIGGER bonus_request_rollups_delete AFTER DELETE ON bonus_requests
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bonus_request_rollups_changed();
--> statement-breakpoint
-- Requeues, by the local day of the requeue and the agent the request was taken from.
CREATE OR REPLACE FUNCTION bonus_request_requeues_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    WITH d AS (
      SELECT project_id, created_at,
             CASE WHEN details->>'previousAssignee' ~ '^[0-9]{1,9}$' THEN (details->>'previousAssignee')::int ELSE 0 END AS agent_id,
             %s AS sign
      FROM %I WHERE type = 'requeued'
    ),
    tz AS (
      SELECT s.project_id, s.timezone FROM project_settings s
      WHERE s.project_id IN (SELECT DISTINCT project_id FROM d) ORDER BY s.project_id FOR SHARE
    )
    INSERT INTO bonus_request_daily_agents AS t (project_id, day, agent_id, requeues)
    SELECT d.project_id, (d.created_at AT TIME ZONE coalesce(tz.timezone, 'Europe/Istanbul'))::date, d.agent_id, sum(d.sign)
    FROM d JOIN projects p ON p.id = d.project_id LEFT JOIN tz ON tz.project_id = d.project_id
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (project_id, day, agent_id) DO UPDATE SET requeues = t.requeues + excluded.requeues
  $q$, CASE TG_OP WHEN 'INSERT' THEN '1' ELSE '-1' END, CASE TG_OP WHEN 'INSERT' THEN 'new_rows' ELSE 'old_rows' END);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bonus_request_requeues_insert AFTER INSERT ON bonus_request_events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bonus_request_requeues_changed();
--> statement-breakpoint
CREATE TRIGGER bonus_request_requeues_delete AFTER DELETE ON bonus_request_events
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bonus_request_requeues_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bonus_request_rollups_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'bonus_requests' THEN
    TRUNCATE bonus_request_daily, bonus_request_hourly, bonus_request_daily_agents, bonus_request_proc_minutes;
  ELSE
    UPDATE bonus_request_daily_agents SET requeues = 0 WHERE requeues <> 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bonus_request_rollups_truncate AFTER TRUNCATE ON bonus_requests
  FOR EACH STATEMENT EXECUTE FUNCTION bonus_request_rollups_truncated();
--> statement-breakpoint
CREATE TRIGGER bonus_request_requeues_truncate AFTER TRUNCATE ON bonus_request_events
  FOR EACH STATEMENT EXECUTE FUNCTION bonus_request_rollups_truncated();
--> statement-breakpoint
-- One project's roll-ups from scratch (time-zone change, first migration).
CREATE OR REPLACE FUNCTION bonus_request_rollups_rebuild(p_project integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  zone text := coalesce((SELECT timezone FROM project_settings WHERE project_id = p_project), 'Europe/Istanbul');
BEGIN
  DELETE FROM bonus_request_daily WHERE project_id = p_project;
  DELETE FROM bonus_request_hourly WHERE project_id = p_project;
  DELETE FROM bonus_request_daily_agents WHERE project_id = p_project;
  DELETE FROM bonus_request_proc_minutes WHERE project_id = p_project;
  CREATE TEMP TABLE IF NOT EXISTS rollup_rebuild_src (
    bonus_type text, status text, amount numeric, agent_id int, local_ts timestamp, proc_ms bigint
  ) ON COMMIT DROP;
  TRUNCATE rollup_rebuild_src;
  INSERT INTO rollup_rebuild_src
  SELECT bonus_type, status, amount, coalesce(completed_by_user_id, assigned_user_id, 0), created_at AT TIME ZONE zone,
         CASE WHEN status = 'completed' AND completed_at >= assigned_at THEN round(extract(epoch FROM completed_at - assigned_at) * 1000)::bigint END
  FROM bonus_requests WHERE project_id = p_project;
  INSERT INTO bonus_request_daily (project_id, day, bonus_type, status, n, amount, proc_n, proc_ms)
  SELECT p_project, local_ts::date, bonus_type, status, count(*), sum(amount), count(proc_ms), coalesce(sum(proc_ms), 0)
  FROM rollup_rebuild_src GROUP BY 2, 3, 4;
  INSERT INTO bonus_request_hourly (project_id, day, hour, n)
  SELECT p_project, local_ts::date, extract(hour FROM local_ts)::smallint, count(*) FROM rollup_rebuild_src GROUP BY 2, 3;
  INSERT INTO bonus_request_daily_agents (project_id, day, agent_id, completed, amount, proc_n, proc_ms)
  SELECT p_project, local_ts::date, agent_id, count(*), sum(amount), count(proc_ms), coalesce(sum(proc_ms), 0)
  FROM rollup_rebuild_src WHERE status = 'completed' GROUP BY 2, 3;
  INSERT INTO bonus_request_proc_minutes (project_id, day, agent_id, minutes, n)
  SELECT p_project, local_ts::date, agent_id, (proc_ms / 60000)::int, count(*) FROM rollup_rebuild_src WHERE proc_ms IS NOT NULL GROUP BY 2, 3, 4;
  INSERT INTO bonus_request_daily_agents AS t (project_id, day, agent_id, requeues)
  SELECT p_project, (created_at AT TIME ZONE zone)::date,
         CASE WHEN details->>'previousAssignee' ~ '^[0-9]{1,9}$' THEN (details->>'previousAssignee')::int ELSE 0 END, count(*)
  FROM bonus_request_events WHERE project_id = p_project AND type = 'requeued' GROUP BY 2, 3
  ON CONFLICT (project_id, day, agent_id) DO UPDATE SET requeues = excluded.requeues;
  TRUNCATE rollup_rebuild_src;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION project_timezone_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bonus_request_rollups_rebuild(NEW.project_id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER project_timezone_rollups_update AFTER UPDATE OF timezone ON project_settings
  FOR EACH ROW WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone) EXECUTE FUNCTION project_timezone_changed();
--> statement-breakpoint
CREATE TRIGGER project_timezone_rollups_insert AFTER INSERT ON project_settings
  FOR EACH ROW WHEN (NEW.timezone <> 'Europe/Istanbul') EXECUTE FUNCTION project_timezone_changed();
--> statement-breakpoint
SELECT bonus_request_rollups_rebuild(id) FROM projects;
