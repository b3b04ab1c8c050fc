-- Issue 35: a statement refuses by name (platform/batching/refusals.ts), not by dividing by zero.
-- fs_refuse raises SQLSTATE RF001 with the reason code as its DETAIL. RF is outside the classes
-- the SQL standard keeps for itself (first character 0-4 or A-H) and outside PostgreSQL's own
-- (53, 54, 55, 57, 58, 72, F0, HV, P0, XX). It never returns: its result type only lets it stand
-- in a CASE branch beside other values. VOLATILE (the default, said here on purpose): the planner
-- must never call it while folding constants, only the row that takes its branch does.
CREATE FUNCTION fs_refuse(reason text) RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'RF001', MESSAGE = 'refused: ' || reason, DETAIL = reason;
END
$$;--> statement-breakpoint
-- The same for a CASE of a type integer does not convert to: fs_refuse('x', null::jsonb).
CREATE FUNCTION fs_refuse(reason text, of_type anyelement) RETURNS anyelement LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'RF001', MESSAGE = 'refused: ' || reason, DETAIL = reason;
END
$$;
