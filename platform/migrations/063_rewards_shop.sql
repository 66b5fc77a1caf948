-- The rewards shop (src/shop/): coins a player earns by real-money casino stakes and spends on items
-- of content/<brand>/shop.json, each giving a reward through the reward engine.

-- One row per player who ever earned a coin. coins never goes below zero (the check is the last
-- guard; a purchase takes them under the player's lock with coins >= price). carry_base is the part
-- of a coin earned but not yet whole, in base-currency minor units, so no stake is lost to rounding.
create table shop_coins (
  player_id text primary key references players (id) on delete cascade,
  coins bigint not null default 0 check (coins >= 0),
  carry_base bigint not null default 0 check (carry_base >= 0),
  updated_at timestamptz not null default now()
);

-- One row per purchase: Paid when the coins were taken, Given once the reward engine assigned the
-- reward (assignation_id), Refunded (coins back) when the reward could not be given. The caller's
-- idempotency_key makes a double click or a replayed request one purchase.
create table shop_purchases (
  id text primary key,
  player_id text not null references players (id) on delete cascade,
  item_id text not null,
  reward_id text not null,
  price bigint not null check (price > 0),
  idempotency_key text not null unique,
  status text not null check (status in ('Paid', 'Given', 'Refunded')),
  assignation_id text,
  failure text,
  created_at timestamptz not null
);
create index shop_purchases_player_idx on shop_purchases (player_id, created_at);
create index shop_purchases_paid_idx on shop_purchases (created_at) where status = 'Paid';
