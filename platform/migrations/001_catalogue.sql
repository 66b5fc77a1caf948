-- The game catalogue: studios, categories, games and the curated game lists.
-- Bets are integer minor units of the catalogue's base currency (EUR cents); money never uses floats.

create table studios (
  slug text primary key,
  name text not null,
  idx integer not null unique,
  -- Studios specialised in live dealers; the lobby groups them under live casino.
  is_live boolean not null default false
);

create table game_categories (
  slug text primary key,
  name text not null,
  idx integer not null unique
);

create table games (
  id text primary key,
  lookup_id text not null unique,
  idx integer not null unique,
  slug text not null unique,
  name text not null,
  studio_slug text not null references studios (slug),
  categories text[] not null,
  rtp numeric(5, 2) not null check (rtp > 0 and rtp < 100),
  volatility text not null check (volatility in ('low', 'medium', 'high')),
  min_bet_minor bigint not null check (min_bet_minor > 0),
  max_bet_minor bigint not null check (max_bet_minor >= min_bet_minor),
  has_bonus boolean not null default false,
  is_live_casino boolean not null default false,
  is_jackpot boolean not null default false,
  is_megaways boolean not null default false,
  play_for_fun boolean not null default true,
  -- Licences (anj, cos, crc, est, mga) under which the game may not be offered.
  restricted_licences text[] not null default '{}',
  -- ISO country codes, or country-subdivision codes such as CA-ON, where the game may not be offered.
  restricted_countries text[] not null default '{}',
  released_at timestamptz not null
);

create index games_studio_idx on games (studio_slug, idx);
create index games_categories_idx on games using gin (categories);

create table game_lists (
  slug text primary key,
  name text not null,
  -- fixed: the ten lists every lobby links to; editorial: curated extras.
  kind text not null check (kind in ('fixed', 'editorial')),
  idx integer not null unique
);

create table game_list_entries (
  list_slug text not null references game_lists (slug) on delete cascade,
  game_id text not null references games (id) on delete cascade,
  position integer not null,
  primary key (list_slug, game_id),
  unique (list_slug, position)
);

-- Data seeds applied by the platform (the catalogue, later demo players), so each runs once.
create table platform_seeds (
  name text primary key,
  applied_at timestamptz not null default now()
);
