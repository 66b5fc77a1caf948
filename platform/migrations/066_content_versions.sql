-- The console's content editing (issue 32): every publish of a content file (content/<brand>/<path>)
-- is a version; a file edited by hand becomes a version authored 'file' when the console next reads
-- it. The files stay the source of truth the store serves; these rows are their history.
create table content_versions (
  brand text not null,
  -- The file inside the brand's folder: layout.json, layout.SE.json, legal/privacy-policy.json, …
  path text not null,
  number integer not null check (number > 0),
  -- The document as published (JSON text, the file's key order kept for readable diffs); null when the
  -- file was deleted by hand.
  document text,
  -- The operator who published it; null for a hand edit found in the file (author 'file').
  author_operator_id text references operators (id),
  author text not null,
  note text,
  -- What the version restored, for a rollback.
  rolled_back_from integer,
  created_at timestamptz not null default now(),
  primary key (brand, path, number)
);

-- One draft per editor and file: what they are working on, and the version it started from.
create table content_drafts (
  brand text not null,
  path text not null,
  operator_id text not null references operators (id) on delete cascade,
  document text not null,
  base_version integer not null,
  saved_at timestamptz not null default now(),
  primary key (brand, path, operator_id)
);

-- A publish at a time: a one-off job (jobs.at) publishes it once across processes, unless it was
-- cancelled or the file moved past its base version meanwhile (then it fails, naming what changed).
create table content_schedules (
  id text primary key,
  brand text not null,
  path text not null,
  document text not null,
  base_version integer not null,
  note text,
  operator_id text not null references operators (id),
  operator_email text not null,
  publish_at timestamptz not null,
  status text not null default 'Scheduled' check (status in ('Scheduled', 'Published', 'Cancelled', 'Failed')),
  -- The version it published, or why it did not.
  version integer,
  failure text,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index content_schedules_waiting_idx on content_schedules (brand, path) where status = 'Scheduled';
