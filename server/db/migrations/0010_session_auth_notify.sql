-- Cached sessions learn of every change that can end or narrow a session (server/auth/sessionCache.ts):
-- these triggers send NOTIFY session_auth_changed, delivered at commit to every instance that LISTENs
-- on the database (and, in PGlite, in its own process). Payloads: 'session:<id>', 'user:<id>' (that
-- user's sessions), 'role:<id>' (sessions holding that role), 'all'. Activity (last_seen_at) and TOTP
-- steps notify nothing.

CREATE FUNCTION session_auth_notify_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0] names the user id column of the table ('id' for users, 'user_id' elsewhere).
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('session_auth_changed', 'user:' || (to_jsonb(OLD) ->> TG_ARGV[0]));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('session_auth_changed', 'user:' || (to_jsonb(NEW) ->> TG_ARGV[0]));
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION session_auth_notify_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_auth_changed', 'session:' || OLD.id);
  PERFORM pg_notify('session_auth_changed', 'user:' || OLD.user_id);
  IF TG_OP = 'UPDATE' AND NEW.user_id <> OLD.user_id THEN
    PERFORM pg_notify('session_auth_changed', 'user:' || NEW.user_id);
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION session_auth_notify_role() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_auth_changed', 'role:' || OLD.id);
  RETURN NULL;
END
$$;

CREATE FUNCTION session_auth_notify_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_auth_changed', 'all');
  RETURN NULL;
END
$$;

CREATE TRIGGER sessions_auth_changed
  AFTER UPDATE OF token_hash, revoked_at, expires_at, user_id, organisation_id OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION session_auth_notify_session();

CREATE TRIGGER users_auth_changed
  AFTER UPDATE OF email, password_hash, totp_secret OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION session_auth_notify_user('id');

CREATE TRIGGER memberships_auth_changed
  AFTER UPDATE OR DELETE ON memberships
  FOR EACH ROW EXECUTE FUNCTION session_auth_notify_user('user_id');

CREATE TRIGGER roles_auth_changed
  AFTER UPDATE OF name, permissions OR DELETE ON roles
  FOR EACH ROW EXECUTE FUNCTION session_auth_notify_role();

CREATE TRIGGER sessions_truncated AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION session_auth_notify_all();
CREATE TRIGGER users_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION session_auth_notify_all();
CREATE TRIGGER memberships_truncated AFTER TRUNCATE ON memberships
  FOR EACH STATEMENT EXECUTE FUNCTION session_auth_notify_all();
CREATE TRIGGER roles_truncated AFTER TRUNCATE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION session_auth_notify_all();
