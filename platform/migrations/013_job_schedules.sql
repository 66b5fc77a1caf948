-- Periodic jobs (jobs/jobs.ts `every`): one row per job, claimed by one platform process at a time.
-- A process runs a job when its next run is due and no other process holds its lease: one atomic
-- update claims it (lease_until), and the run's end sets the next run. A process that dies while it
-- holds a lease lets another one take the job once the lease has passed. One-off jobs (`at`) are
-- pg-boss's, in its own schema.
create table job_schedules (
  name text primary key,
  interval_ms integer not null check (interval_ms > 0),
  next_run_at timestamptz not null default now(),
  lease_until timestamptz,
  runs bigint not null default 0,
  last_started_at timestamptz,
  last_finished_at timestamptz,
  last_error text
);
