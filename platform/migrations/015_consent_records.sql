-- Every cookie-consent decision a visitor made in the lobby (issue 18), so an operator can show what
-- a visitor agreed to and when: the categories granted, the version of the cookie policy they answered,
-- the anonymous visitor id the lobby keeps in a necessary cookie, and the player when one was signed in.
-- Rows are only ever added: a new decision is a new row, the latest one is the one in force.
create table consent_records (
  id bigint generated always as identity primary key,
  brand text not null,
  visitor_id text not null,
  player_id text references players (id),
  categories text[] not null,
  policy_version text not null,
  -- The country the platform resolved for the request (geo/country.ts), as evidence of the rules that applied.
  country_code text check (country_code ~ '^[A-Z]{2}$'),
  recorded_at timestamptz not null default now()
);

create index consent_records_visitor_idx on consent_records (brand, visitor_id, recorded_at desc, id desc);
create index consent_records_player_idx on consent_records (player_id, recorded_at desc) where player_id is not null;
