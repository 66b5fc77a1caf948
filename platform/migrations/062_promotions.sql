-- Promotions (src/promotions/): a player's choice of a DEPOSIT promotion, and the bonus a qualifying
-- deposit earned. The reward itself is an assignation of the reward engine (reward_assignations),
-- given with the key promotion:<promotion>:<player>, so a player gets a promotion's bonus once.

-- The player chose the promotion (its DEPOSIT action): deposits completed from then on may earn it.
create table promotion_choices (
  player_id text not null references players (id) on delete cascade,
  promotion_id text not null,
  chosen_at timestamptz not null,
  primary key (player_id, promotion_id)
);

-- A deposit earned the promotion's reward: written in the deposit's transaction, so the bonus is
-- owed exactly when the money arrived; assignation_id is set once the reward engine gave it (a row
-- still without one, and without a failure, is given by the sweep).
create table promotion_awards (
  player_id text not null references players (id) on delete cascade,
  promotion_id text not null,
  reward_id text not null,
  payment_id text not null,
  wallet_id text not null,
  assignation_id text,
  -- Why the reward could not be given (not in rewards.json, another currency): not retried.
  failure text,
  created_at timestamptz not null,
  primary key (player_id, promotion_id)
);
create index promotion_awards_pending_idx on promotion_awards (created_at) where assignation_id is null and failure is null;
