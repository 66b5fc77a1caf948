-- The sandbox error-report collector (issue 18): what the lobby's error-reporting client sent, as
-- the stand-in for an operator's error-reporting service. Each row is one event of an envelope,
-- scrubbed again on arrival (shared/error-scrub.ts); the collector keeps the newest few hundred per brand.
create table error_reports (
  id bigserial primary key,
  received_at timestamptz not null default now(),
  brand text not null,
  project text not null,
  event_id text not null,
  level text not null,
  kind text not null,
  message text not null,
  url text,
  trace_id text,
  event jsonb not null
);
create index error_reports_brand_idx on error_reports (brand, id desc);
