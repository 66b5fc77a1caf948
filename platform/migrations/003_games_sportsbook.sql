-- Demo games, favourites and the sandbox sportsbook. Money is integer minor units (bigint) of the
-- wallet's (or the play-for-fun session's) currency; every real-money movement is also a ledger
-- transaction, so these tables record what was played, never a second copy of a balance.

-- One launch of one game: the capability the game page holds instead of the player's tokens.
create table game_sessions (
  -- 32 random base64url characters; knowing it is what lets a page play.
  id text primary key,
  brand text not null,
  game_id text not null references games (id) on delete cascade,
  mode text not null check (mode in ('REAL', 'FUN')),
  -- REAL sessions belong to a player and a platform session (sid): ending the sid ends the game.
  player_id text references players (id) on delete cascade,
  sid text references sessions (sid) on delete cascade,
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  -- The lobby page that framed the game: postMessage target and frame-ancestors entry.
  lobby_origin text not null,
  locale text not null,
  -- FUN only: the virtual balance; REAL balances live in the ledger.
  fun_balance_minor bigint check (fun_balance_minor is null or fun_balance_minor >= 0),
  -- Secret per session; each round's outcome is HMAC(server_seed, round id). Never sent to the page.
  server_seed text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  check ((mode = 'REAL') = (player_id is not null)),
  check ((mode = 'FUN') = (fun_balance_minor is not null))
);
create index game_sessions_player_idx on game_sessions (player_id) where player_id is not null;

-- A round: one bet and its result. round_id is the page's idempotency key within its session.
create table game_rounds (
  id bigint generated always as identity primary key,
  game_session_id text not null references game_sessions (id) on delete cascade,
  round_id text not null,
  game_id text not null references games (id) on delete cascade,
  player_id text references players (id) on delete cascade,
  mode text not null check (mode in ('REAL', 'FUN')),
  engine text not null,
  currency text not null,
  bet_minor bigint not null check (bet_minor > 0),
  win_minor bigint check (win_minor >= 0),
  -- The player's pick (roulette bet, baccarat side, wheel segment); null for slots.
  choice jsonb,
  -- Live tables: the shared table round this bet is on; settled when that round has been drawn.
  table_round bigint,
  -- Blackjack: the hand in progress; everything else: the drawn outcome.
  outcome jsonb,
  status text not null check (status in ('open', 'settled')),
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  unique (game_session_id, round_id)
);
create index game_rounds_open_idx on game_rounds (table_round) where status = 'open' and table_round is not null;
create index game_rounds_game_idx on game_rounds (game_id, created_at) where mode = 'REAL';

create table favourite_games (
  player_id text not null references players (id) on delete cascade,
  game_id text not null references games (id) on delete cascade,
  added_at timestamptz not null default now(),
  primary key (player_id, game_id)
);
create index favourite_games_player_idx on favourite_games (player_id, added_at desc);

-- A signed-in player's embedded sportsbook page (like game_sessions, it stands in for the tokens).
create table sportsbook_sessions (
  id text primary key,
  brand text not null,
  player_id text not null references players (id) on delete cascade,
  sid text not null references sessions (sid) on delete cascade,
  lobby_origin text not null,
  locale text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);

create table sports_bets (
  id text primary key,
  player_id text not null references players (id) on delete cascade,
  wallet_id text not null references wallets (id) on delete restrict,
  -- The caller's key: one bet per key and player, whatever the retries.
  idempotency_key text not null,
  -- sha256 of the selections and stake, to tell a retry from a different bet under a reused key.
  content_hash text not null,
  currency text not null,
  stake_minor bigint not null check (stake_minor > 0),
  -- Product of the selections' decimal odds, in hundredths (2.50 × 1.80 = 4.50 → 450).
  total_odds_hundredths bigint not null check (total_odds_hundredths >= 100),
  potential_payout_minor bigint not null,
  status text not null default 'open' check (status in ('open', 'won', 'lost', 'void')),
  payout_minor bigint,
  placed_at timestamptz not null default now(),
  settled_at timestamptz,
  unique (player_id, idempotency_key)
);
create index sports_bets_player_idx on sports_bets (player_id, placed_at desc);
create index sports_bets_open_idx on sports_bets (placed_at) where status = 'open';

create table sports_bet_selections (
  bet_id text not null references sports_bets (id) on delete cascade,
  position integer not null,
  event_id text not null,
  sport text not null,
  event_name text not null,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  market_id text not null,
  market_name text not null,
  outcome_id text not null,
  outcome_name text not null,
  odds_hundredths bigint not null check (odds_hundredths >= 101),
  result text check (result in ('won', 'lost', 'void')),
  primary key (bet_id, position)
);
