-- Throttling reserves an attempt before it is checked (server/auth/throttle.ts): each row gets an id,
-- so that an attempt that turns out not to be a failure (a right password) can release its own row.
-- The table also counts forgot-password requests (keys `forgot-account:…`, `forgot-ip:…`).

ALTER TABLE login_failures ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY;
