-- Each server instance keeps what it learnt about a session (user, role, activity, project
-- access) for a few seconds, so that most calls skip the session statement. Every write that
-- can change such an answer, by any path (services, sync jobs, scripts, psql), announces itself
-- on the `auth_changed` channel at commit; every instance listening drops what it kept.
-- The instance making a change drops its own copy at once as well (see session-cache.ts).
CREATE OR REPLACE FUNCTION notify_auth_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Same channel and payload within a transaction: PostgreSQL delivers it once.
  PERFORM pg_notify('auth_changed', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OF revoked_at ON sessions
  FOR EACH ROW WHEN (old.revoked_at IS DISTINCT FROM new.revoked_at) EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_auth_deleted AFTER DELETE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE ON users
  FOR EACH ROW WHEN (
    (old.username, old.full_name, old.email, old.role, old.is_active, old.must_change_password)
    IS DISTINCT FROM (new.username, new.full_name, new.email, new.role, new.is_active, new.must_change_password)
  ) EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER users_auth_deleted AFTER DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER project_members_auth_changed AFTER INSERT OR DELETE OR UPDATE OF project_id, user_id ON project_members
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER projects_auth_changed AFTER INSERT OR DELETE ON projects
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER system_settings_auth_changed AFTER INSERT OR UPDATE ON system_settings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
