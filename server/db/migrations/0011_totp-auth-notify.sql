-- Whether a user must still set up two-factor sign-in is part of what the session cache keeps
-- (role × system_settings.two_factor_required_roles × users.totp_enabled): turning 2FA on or
-- off must reach every instance like a role change does (see 0007).
DROP TRIGGER IF EXISTS users_auth_changed ON users;
--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE ON users
  FOR EACH ROW WHEN (
    (old.username, old.full_name, old.email, old.role, old.is_active, old.must_change_password, old.totp_enabled)
    IS DISTINCT FROM (new.username, new.full_name, new.email, new.role, new.is_active, new.must_change_password, new.totp_enabled)
  ) EXECUTE FUNCTION notify_auth_changed();
