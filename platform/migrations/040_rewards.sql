-- The reward engine (src/rewards/): per-player assignations of the rewards defined in
-- content/<brand>/rewards.json, the bonus money they credit with its wagering, and the free spins
-- the game server honours. Money moves only through the ledger (house:rewards, house:bonus).

-- One row per reward given to a player. The definition is kept as it was when assigned, so an edit of
-- rewards.json never changes a reward already given. idempotency_key is the caller's (a cashback week,
-- a shop purchase, a sandbox click): the same key assigns once. status moves Scheduled -> Unclaimed at
-- starts_at, Unclaimed -> Credited on claim (or on start for automatic ones), Unclaimed -> Expired at
-- expires_at; Removed by the operator; FailedProcessing when an automatic credit was refused.
create table reward_assignations (
  id text primary key,
  player_id text not null references players (id) on delete cascade,
  brand text not null,
  reward_id text not null,
  idempotency_key text not null unique,
  reason text not null,
  status text not null check (status in ('Credited', 'Expired', 'FailedProcessing', 'Processing', 'Removed', 'Scheduled', 'Unclaimed')),
  definition jsonb not null,
  starts_at timestamptz not null,
  ends_at timestamptz,
  expires_at timestamptz,
  assigned_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  credited_at timestamptz,
  -- Why an automatic credit failed (FailedProcessing).
  failure text
);
create index reward_assignations_player_idx on reward_assignations (player_id, starts_at);
create index reward_assignations_due_start_idx on reward_assignations (starts_at) where status = 'Scheduled';
create index reward_assignations_due_expiry_idx on reward_assignations (expires_at) where status = 'Unclaimed';

-- Bonus money credited by a BonusMoneyDropReward (id = the assignation's). Real-money stakes add to
-- wagered_minor (oldest bonus first); when it reaches required_minor the bonus converts once: its
-- amount leaves the bonus balance, at most max_payout_minor of it lands in cash, the rest goes back to
-- house:bonus. Expired (wagering not done by expires_at) and Forfeited (the player gave it up) take the
-- whole amount back.
create table reward_bonuses (
  id text primary key references reward_assignations (id) on delete cascade,
  player_id text not null references players (id) on delete cascade,
  wallet_id text not null references wallets (id),
  currency text not null,
  amount_minor bigint not null check (amount_minor > 0),
  required_minor bigint not null check (required_minor >= 0),
  wagered_minor bigint not null default 0 check (wagered_minor >= 0),
  max_payout_minor bigint not null check (max_payout_minor > 0),
  status text not null check (status in ('Active', 'Converted', 'Expired', 'Forfeited')),
  converted_minor bigint,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index reward_bonuses_active_idx on reward_bonuses (wallet_id, created_at) where status = 'Active';

-- Free spins credited by a FreeSpinReward (id = the assignation's): a real round of game_id at exactly
-- bet_minor takes a spin from here instead of cash, until spins_left is 0 or expires_at passes.
create table reward_free_spins (
  id text primary key references reward_assignations (id) on delete cascade,
  player_id text not null references players (id) on delete cascade,
  game_id text not null,
  currency text not null,
  bet_minor bigint not null check (bet_minor > 0),
  spins_total integer not null check (spins_total > 0),
  spins_left integer not null check (spins_left >= 0),
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index reward_free_spins_player_idx on reward_free_spins (player_id, game_id) where spins_left > 0;
