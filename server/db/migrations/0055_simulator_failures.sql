-- The rows a simulator step could not move (docs/decisions.md 225, server/simulator/eachDue.ts): the
-- step set the row aside (its own table shows it FAILED) and this keeps why, for an operator. One row
-- per step and row; the reason is the error's message, never its detail (no values of other rows).
CREATE TABLE simulator_failures (
  step text NOT NULL CHECK (length(step) BETWEEN 1 AND 100),
  row_id bigint NOT NULL,
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
  failed_at timestamptz NOT NULL,
  PRIMARY KEY (step, row_id)
);
