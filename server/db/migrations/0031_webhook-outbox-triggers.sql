-- Webhook outbox: the deliveries of an event are written by the statement that records the event,
-- in its transaction, so a rolled-back change announces nothing and every path that writes a
-- timeline event (a person, routing, the sync, undo) is covered without remembering to.
-- The timeline event's type names the webhook event (common/webhooks.ts lists the same mapping).
CREATE FUNCTION webhook_event_of(timeline_type text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE timeline_type
    WHEN 'created' THEN 'request.created'
    WHEN 'assigned' THEN 'request.assigned'
    WHEN 'routed' THEN 'request.assigned'
    WHEN 'handed_over' THEN 'request.assigned'
    WHEN 'completed' THEN 'request.completed'
    WHEN 'requeued' THEN 'request.requeued'
    WHEN 'approved' THEN 'request.approved'
    WHEN 'rejected' THEN 'request.rejected'
  END
$$;
--> statement-breakpoint
CREATE FUNCTION webhook_outbox_from_request_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- No endpoint in the events' projects (the common case, and every bulk import without one): one probe.
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints w WHERE w.is_active AND w.project_id IN (SELECT DISTINCT project_id FROM inserted)) THEN
    RETURN NULL;
  END IF;
  INSERT INTO webhook_deliveries (endpoint_id, project_id, event_id, event_type, request_id, occurred_at, next_attempt_at)
  SELECT w.id, e.project_id, 'evt_r' || e.id, webhook_event_of(e.type), e.request_id, e.created_at, e.created_at
  FROM inserted e
  JOIN webhook_endpoints w ON w.project_id = e.project_id AND w.is_active AND webhook_event_of(e.type) = ANY (w.events)
  ON CONFLICT (endpoint_id, event_id) DO NOTHING;
  IF FOUND THEN PERFORM pg_notify('webhook_deliveries', ''); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bonus_request_events_webhooks AFTER INSERT ON bonus_request_events
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION webhook_outbox_from_request_events();
--> statement-breakpoint
CREATE FUNCTION webhook_outbox_from_sync_logs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO webhook_deliveries (endpoint_id, project_id, event_id, event_type, sync_log_id, occurred_at, next_attempt_at)
  SELECT w.id, n.project_id, 'evt_s' || n.id, 'sync.finished', n.id, coalesce(n.finished_at, now()), coalesce(n.finished_at, now())
  FROM after_rows n
  JOIN before_rows o ON o.id = n.id
  JOIN webhook_endpoints w ON w.project_id = n.project_id AND w.is_active AND 'sync.finished' = ANY (w.events)
  WHERE o.status IN ('running', 'pending') AND n.status NOT IN ('running', 'pending')
  ON CONFLICT (endpoint_id, event_id) DO NOTHING;
  IF FOUND THEN PERFORM pg_notify('webhook_deliveries', ''); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sync_logs_webhooks AFTER UPDATE ON sync_logs
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows FOR EACH STATEMENT EXECUTE FUNCTION webhook_outbox_from_sync_logs();
