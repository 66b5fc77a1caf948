-- The gamification provider (src/gamification/): loyalty points and ranks, missions and tournaments.
-- Points, progress and scores move only with real-money rounds and deposits of opted-in players;
-- money it pays (mission rewards, tournament prizes) goes through the ledger under keys of its own
-- (mission:<brand>:<mission>:<player>, tournament:<id>:<rank>), so nothing is paid twice.

-- A player's standing with the provider. points_carry is what the points rate's division left over
-- (base minor units times points), added to the next bet so no wager is lost to rounding.
create table gamification_players (
  player_id text primary key references players (id) on delete cascade,
  brand text not null,
  opted_in boolean not null default false,
  -- Set by the operator: a blocked player earns nothing and cannot opt in (isPlayerBlockedInGamanza).
  blocked boolean not null default false,
  points bigint not null default 0 check (points >= 0),
  points_carry bigint not null default 0 check (points_carry >= 0),
  opted_in_at timestamptz,
  updated_at timestamptz not null default now()
);

-- The provider's access tokens (sha256 only): issued for a client id and a platform session, which
-- must still be live when the token is used (a logout ends them too).
create table gamification_tokens (
  token_hash text primary key,
  player_id text not null references players (id) on delete cascade,
  brand text not null,
  client_id text not null,
  sid text not null,
  expires_at timestamptz not null
);
create index gamification_tokens_expiry_idx on gamification_tokens (expires_at);

-- A player's progress on a mission of their brand (content/<brand>/missions.json). The reward is paid
-- in the transaction that completes it (a round's or a deposit's).
create table gamification_mission_progress (
  brand text not null,
  mission_id text not null,
  player_id text not null references players (id) on delete cascade,
  progress bigint not null default 0,
  target bigint not null check (target > 0),
  completed_at timestamptz,
  currency text,
  reward_minor bigint,
  primary key (brand, mission_id, player_id)
);

-- A tournament window of a brand: created with its first score, closed once at its end.
create table gamification_tournaments (
  id text primary key,
  brand text not null,
  tournament_id text not null,
  scoring text not null check (scoring in ('multiplier', 'wagered')),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  -- Prizes in base minor units (EUR cents), by rank, fixed when the window opened.
  prizes_minor bigint[] not null,
  status text not null default 'open' check (status in ('open', 'closed')),
  closed_at timestamptz
);
create index gamification_tournaments_due_idx on gamification_tournaments (ends_at) where status = 'open';

-- Scores: wagered is base minor units (EUR cents) wagered; multiplier is the best round's win over
-- its bet, in hundredths. reached_at breaks ties: who got there first ranks higher.
create table gamification_tournament_scores (
  tournament_id text not null references gamification_tournaments (id) on delete cascade,
  player_id text not null references players (id) on delete cascade,
  score bigint not null default 0,
  rounds integer not null default 0,
  reached_at timestamptz not null,
  primary key (tournament_id, player_id)
);
create index gamification_tournament_scores_rank_idx on gamification_tournament_scores (tournament_id, score desc, reached_at);

create table gamification_tournament_winners (
  tournament_id text not null references gamification_tournaments (id) on delete cascade,
  rank integer not null,
  player_id text not null references players (id) on delete cascade,
  score bigint not null,
  base_minor bigint not null,
  currency text not null,
  amount_minor bigint not null,
  paid_at timestamptz,
  primary key (tournament_id, rank),
  unique (tournament_id, player_id)
);
create index gamification_tournament_winners_unpaid_idx on gamification_tournament_winners (tournament_id) where paid_at is null;
