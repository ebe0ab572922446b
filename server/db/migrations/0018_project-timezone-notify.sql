-- Each instance keeps a project's time zone with the sessions that asked about it (session-cache.ts,
-- so analytics calls need no extra round trip): a change of the zone, by any path, drops them.
CREATE TRIGGER project_settings_timezone_auth_changed AFTER UPDATE OF timezone ON project_settings
  FOR EACH ROW WHEN (old.timezone IS DISTINCT FROM new.timezone) EXECUTE FUNCTION notify_auth_changed();
