-- The jackpot and raffle service (src/jackpot/). Pot amounts are minor units of the instance's base
-- currency (EUR cents); what a player paid or was paid is in their wallet's currency, through the
-- ledger (house:jackpot-<instance> and house:raffles per currency).

-- One row per pot of an instance (mega, major, minor, shared; the total is their sum). A pot starts
-- at its seed and grows only by contributions; when a contribution takes it to drop_at_minor (its
-- hidden must-drop point, between the seed and its ceiling) it drops whole and starts again at its
-- seed in the next cycle. value = seeded - paid + contributed, always (the property test checks it).
create table jackpot_pots (
  instance_id text not null,
  pot_id text not null check (pot_id in ('mega', 'major', 'minor', 'shared')),
  cycle integer not null default 1,
  seed_minor bigint not null check (seed_minor >= 0),
  value_minor bigint not null check (value_minor >= 0),
  drop_at_minor bigint not null,
  -- Sandbox: the next contribution drops this pot.
  forced boolean not null default false,
  seeded_minor bigint not null,
  contributed_minor bigint not null default 0,
  paid_minor bigint not null default 0,
  -- Bumped by every change, so a client keeps the newest of updates that crossed between processes.
  version bigint not null default 1,
  primary key (instance_id, pot_id)
);

-- A player's opt-in per instance: contribution_minor is the chosen option in base minor units.
create table jackpot_opt_ins (
  instance_id text not null,
  player_id text not null references players (id) on delete cascade,
  opted_in boolean not null,
  contribution_minor bigint not null check (contribution_minor > 0),
  player_country text,
  updated_at timestamptz not null default now(),
  primary key (instance_id, player_id)
);

-- Every contribution, once per game round (round_key is the stake's idempotency key).
create table jackpot_contributions (
  id bigint generated always as identity primary key,
  round_key text not null unique,
  instance_id text not null,
  player_id text not null references players (id) on delete cascade,
  brand text not null,
  currency text not null,
  amount_minor bigint not null check (amount_minor > 0),
  base_minor bigint not null check (base_minor > 0),
  created_at timestamptz not null default now()
);
create index jackpot_contributions_instance_idx on jackpot_contributions (instance_id, player_id);

-- What each player put into each pot in its current cycle: the leaderboard and the shared pot's community shares.
create table jackpot_cycle_contributors (
  instance_id text not null,
  pot_id text not null,
  cycle integer not null,
  player_id text not null references players (id) on delete cascade,
  brand text not null,
  base_minor bigint not null,
  primary key (instance_id, pot_id, cycle, player_id)
);

-- A drop: recorded in the transaction of the contribution that triggered it (or the sandbox's), paid
-- afterwards share by share through the ledger (keys jackpot-win:<id>:<player>), so a payout that is
-- run twice, or resumed after a restart, pays each share once. paid_at set once every share is paid.
create table jackpot_wins (
  id text primary key,
  instance_id text not null,
  pot_id text not null,
  cycle integer not null,
  player_id text not null references players (id) on delete cascade,
  amount_minor bigint not null,
  created_at timestamptz not null default now(),
  paid_at timestamptz
);
create index jackpot_wins_unpaid_idx on jackpot_wins (created_at) where paid_at is null;

create table jackpot_win_shares (
  win_id text not null references jackpot_wins (id) on delete cascade,
  player_id text not null references players (id) on delete cascade,
  -- The triggering player's share (the whole pot, or half of the shared pot plus their community part) or a community share.
  community boolean not null,
  base_minor bigint not null check (base_minor > 0),
  currency text not null,
  amount_minor bigint,
  paid_at timestamptz,
  primary key (win_id, player_id)
);

-- A raffle window of a brand: hourly, daily or weekly. Created with the first ticket; drawn once at its end.
create table raffle_instances (
  id text primary key,
  brand text not null,
  type text not null check (type in ('hourly', 'daily', 'weekly')),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  -- Prizes in base minor units, largest first, fixed when the window opened.
  prizes_minor bigint[] not null,
  -- The weekly raffle counts only the provider of the week's games.
  studio_slug text,
  status text not null default 'open' check (status in ('open', 'drawn')),
  drawn_at timestamptz
);
create index raffle_instances_due_idx on raffle_instances (ends_at) where status = 'open';
create index raffle_instances_brand_idx on raffle_instances (brand, type, starts_at desc);

create table raffle_tickets (
  raffle_id text not null references raffle_instances (id) on delete cascade,
  player_id text not null references players (id) on delete cascade,
  currency text not null,
  wagered_minor bigint not null default 0,
  tickets bigint not null default 0,
  primary key (raffle_id, player_id)
);

create table raffle_winners (
  raffle_id text not null references raffle_instances (id) on delete cascade,
  rank integer not null,
  player_id text not null references players (id) on delete cascade,
  tickets bigint not null,
  base_minor bigint not null,
  currency text not null,
  amount_minor bigint not null,
  created_at timestamptz not null default now(),
  paid_at timestamptz,
  primary key (raffle_id, rank),
  unique (raffle_id, player_id)
);
create index raffle_winners_unpaid_idx on raffle_winners (created_at) where paid_at is null;
