-- The cashier (spec sections 2, 3 and 6): deposits and withdrawals through the sandbox payment
-- providers. A payment row is the platform's view of one money movement with a provider; its money
-- moves only through ledger postings keyed by the payment id and the status reached, so a status is
-- posted at most once whatever the provider sends.

create table payments (
  id text primary key,
  -- Newest-first ordering and the history cursors.
  seq bigint generated always as identity unique,
  player_id text not null references players (id) on delete restrict,
  wallet_id text not null references wallets (id) on delete restrict,
  type text not null check (type in ('Deposit', 'Withdrawal')),
  -- Instant or Manual for withdrawals; null for deposits.
  withdrawal_type text check (withdrawal_type in ('Instant', 'Manual')),
  provider text not null check (provider in ('trustly', 'zimpler', 'piq')),
  status text not null check (status in ('Initialized', 'Completed', 'Cancelled', 'CancelInitialized', 'RollbackInitialized', 'RolledBacked')),
  amount_minor bigint not null check (amount_minor > 0),
  currency text not null,
  -- The client's key: one per intended payment, reused only for retries.
  idempotency_key text not null,
  -- sha256 of what the key was first used for (type, amount, currency, provider, withdrawal type).
  request_hash text not null,
  -- The provider's payload once it reported the account: { attributes: { paymentMethod }, debtor: { account } }.
  payload jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- When the payment reached a final status (Completed, Cancelled, RolledBacked).
  processed_at timestamptz,
  unique (player_id, idempotency_key)
);
create index payments_player_idx on payments (player_id, type, seq desc);

-- Every signed provider notification that was applied (or recognised as stale): the primary key
-- makes a redelivered notification a no-op.
create table payment_notifications (
  provider text not null,
  notification_id text not null,
  payment_id text not null references payments (id) on delete restrict,
  status text not null,
  -- applied: moved the payment; stale: the payment had already passed that status.
  outcome text not null check (outcome in ('applied', 'stale')),
  received_at timestamptz not null default now(),
  primary key (provider, notification_id)
);
create index payment_notifications_payment_idx on payment_notifications (payment_id);
