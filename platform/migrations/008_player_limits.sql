-- Responsible-gambling limits a player sets on themselves (shared/licences.ts says which a licence
-- offers). One row per limit in force or waiting: `value` is what applies now (minor units of the
-- wallet's currency for money limits, minutes for a session limit; null while only a pending change
-- exists, which never happens for a new limit: a new limit applies at once). A pending change (an
-- increase or a removal) takes effect at `pending_effective_at`, read as in force from then on by
-- every check, so no job has to apply it.
create table player_limits (
  player_id text not null references players (id) on delete cascade,
  kind text not null check (kind in ('Deposit', 'Loss', 'GlobalLoss', 'Session')),
  -- Day, Week or Month for money limits; Session for the session limit.
  period text not null check (period in ('Day', 'Week', 'Month', 'Session')),
  value bigint check (value is null or value > 0),
  pending_value bigint check (pending_value is null or pending_value > 0),
  pending_removal boolean not null default false,
  pending_effective_at timestamptz,
  updated_at timestamptz not null default now(),
  primary key (player_id, kind, period),
  check ((kind = 'Session') = (period = 'Session')),
  check ((pending_effective_at is null) = (pending_value is null and not pending_removal)),
  check (not (pending_removal and pending_value is not null))
);

-- Every change a player asked for, kept for the player and for the regulator.
create table player_limit_history (
  id bigint generated always as identity primary key,
  player_id text not null references players (id) on delete cascade,
  kind text not null,
  period text not null,
  -- Set (a new limit), Decreased, IncreaseRequested, RemovalRequested, PendingCancelled.
  action text not null check (action in ('Set', 'Decreased', 'IncreaseRequested', 'RemovalRequested', 'PendingCancelled')),
  value bigint,
  previous_value bigint,
  effective_at timestamptz not null,
  created_at timestamptz not null
);
create index player_limit_history_player_idx on player_limit_history (player_id, id desc);
