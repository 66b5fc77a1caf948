-- Players, customers and wallets (spec section 3), the double-entry ledger that holds their money,
-- sessions with rotating refresh tokens, SMS login codes, the OpenID Connect provider's storage and
-- the platform's generated secrets. Money is integer minor units (bigint); floats never hold money.

create table players (
  id text primary key,
  -- The short number support staff read out (GraphQL playerId); id is the stable uuid.
  player_number bigint not null unique,
  brand text not null,
  username text not null,
  email text not null,
  email_verified boolean not null default false,
  -- E.164 without spaces (+358401234567); the SMS login key.
  phone_number text,
  phone_verified boolean not null default false,
  -- scrypt$<salt>$<hash>; null for players who only ever signed in passwordless.
  password_hash text,
  -- The demo person a pay-and-play sandbox bank identifies (Trustly, Zimpler, PIQ).
  bank_identity text,
  language text not null default 'en',
  -- Minutes between reality-check reminders (mga); null when the licence has none.
  reality_check_period integer,
  country_code text not null,
  account_status text not null default 'Open' check (account_status in ('Open', 'Closed', 'Blocked')),
  account_status_cause text,
  reopen_by_customer_allowed boolean not null default false,
  first_name text,
  last_name text,
  street text,
  city text,
  zip_code text,
  state text,
  date_of_birth date,
  ssn text,
  marketing_blocked boolean not null default false,
  suppressed_in_any_communication_group boolean not null default false,
  sms_marketing_accepted boolean not null default false,
  email_marketing_accepted boolean not null default false,
  phone_marketing_accepted boolean not null default false,
  web_push_marketing_accepted boolean not null default false,
  terms_accepted boolean not null default true,
  privacy_policy_accepted boolean not null default true,
  -- Instant banking is blocked from this moment on; a future value is the grace period.
  instant_banking_block_active_from timestamptz,
  self_exclusion_ends_at timestamptz,
  timeout_ends_at timestamptz,
  withdrawals_blocked boolean not null default false,
  kyc_status text not null default 'NotRequired' check (kyc_status in ('Done', 'NotRequired', 'Required')),
  kyc_deadline timestamptz,
  kyc_verifications_done text[] not null default '{}',
  kyc_verifications_missing text[] not null default '{}',
  sow_status text not null default 'NotNeed' check (sow_status in ('Done', 'NotNeed', 'Pending', 'Required', 'WillBeRequired')),
  sow_due_date timestamptz,
  -- [{ "comment": "...", "requestedFundingType": "Salary" }]: documents the player must upload.
  sow_documents_required jsonb not null default '[]',
  banking_cdd boolean not null default false,
  -- The seed entry this player came from (null for players who registered).
  demo_key text,
  created_at timestamptz not null default now()
);

create unique index players_brand_email_idx on players (brand, lower(email));
create unique index players_brand_username_idx on players (brand, lower(username));
create unique index players_brand_phone_idx on players (brand, phone_number) where phone_number is not null;
create unique index players_brand_bank_identity_idx on players (brand, bank_identity) where bank_identity is not null;
create sequence player_numbers start with 100001;

create table customers (
  id text primary key,
  player_id text not null unique references players (id) on delete cascade,
  pop_ups_needed text[] not null default '{}',
  is_cancel_withdrawal_blocked boolean not null default false,
  is_increase_deposit_limit_blocked boolean not null default false,
  is_rewards_blocked boolean not null default false,
  is_deposits_blocked boolean not null default false
);

create table wallets (
  id text primary key,
  player_id text not null unique references players (id) on delete cascade,
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  min_deposit_minor bigint not null check (min_deposit_minor >= 0),
  min_withdrawal_minor bigint not null check (min_withdrawal_minor >= 0)
);

-- Ledger accounts: each wallet has 'cash' and 'bonus'; house accounts ('house:payments', …) have
-- no wallet and exist once per currency. balance_minor is a cache of the account's postings, kept
-- in the same transaction as every posting (tests compare it with the sum of postings).
create table ledger_accounts (
  id bigint generated always as identity primary key,
  wallet_id text references wallets (id) on delete restrict,
  code text not null,
  currency text not null,
  balance_minor bigint not null default 0,
  -- A player's money can never go below zero; house accounts are the other side and may.
  check (wallet_id is null or balance_minor >= 0)
);
create unique index ledger_accounts_wallet_idx on ledger_accounts (wallet_id, code) where wallet_id is not null;
create unique index ledger_accounts_house_idx on ledger_accounts (code, currency) where wallet_id is null;

create table ledger_transactions (
  id bigint generated always as identity primary key,
  -- Callers name each movement; a retry with the same key returns the first result.
  idempotency_key text not null unique,
  wallet_id text not null references wallets (id) on delete restrict,
  kind text not null,
  currency text not null,
  -- sha256 of the canonical content, to tell a retry from a different posting under a reused key.
  content_hash text not null,
  cash_balance_after bigint not null,
  bonus_balance_after bigint not null,
  metadata jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index ledger_transactions_wallet_idx on ledger_transactions (wallet_id, id);

create table ledger_postings (
  id bigint generated always as identity primary key,
  transaction_id bigint not null references ledger_transactions (id) on delete restrict,
  account_id bigint not null references ledger_accounts (id) on delete restrict,
  amount_minor bigint not null check (amount_minor <> 0)
);
create index ledger_postings_transaction_idx on ledger_postings (transaction_id);
create index ledger_postings_account_idx on ledger_postings (account_id);

-- Double entry, enforced by the database as well as the code: at commit every transaction's
-- postings sum to zero.
create function ledger_check_balanced() returns trigger language plpgsql as $$
declare
  total numeric;
begin
  select coalesce(sum(amount_minor), 0) into total from ledger_postings where transaction_id = new.transaction_id;
  if total <> 0 then
    raise exception 'ledger transaction % does not balance: its postings sum to % instead of 0', new.transaction_id, total;
  end if;
  return null;
end $$;

create constraint trigger ledger_postings_balanced
  after insert on ledger_postings
  deferrable initially deferred
  for each row execute function ledger_check_balanced();

-- The ledger is append-only: a correction is a new, opposite transaction.
create function ledger_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'the ledger is append-only: post a correcting transaction instead of changing %', tg_table_name;
end $$;

create trigger ledger_postings_append_only before update or delete on ledger_postings
  for each row execute function ledger_append_only();
create trigger ledger_transactions_append_only before update or delete on ledger_transactions
  for each row execute function ledger_append_only();

create table sessions (
  sid text primary key,
  player_id text not null references players (id) on delete cascade,
  brand text not null,
  -- sms, keycloak, trustly, zimpler or piq: how the player signed in.
  flow text not null,
  passwordless boolean not null,
  -- Set for sessions opened through the OpenID Connect provider: the provider's grant.
  oidc_grant_id text unique,
  created_at timestamptz not null default now(),
  revoked_at timestamptz,
  -- logout, destroyed, refresh_token_reuse, account_closed, oidc_logout
  revoked_reason text
);
create index sessions_player_idx on sessions (player_id);

-- Opaque refresh tokens, stored as sha256 hashes. Every rotation adds a child in the same family;
-- presenting a used token again revokes the whole family and its session.
create table refresh_tokens (
  token_hash text primary key,
  family_id text not null,
  session_id text not null references sessions (sid) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  revoked_at timestamptz
);
create index refresh_tokens_family_idx on refresh_tokens (family_id);

create table sms_codes (
  id bigint generated always as identity primary key,
  brand text not null,
  phone_number text not null,
  code_hash text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  attempts integer not null default 0,
  -- Set when the code signed someone in, or a resend replaced it.
  consumed_at timestamptz
);
create index sms_codes_phone_idx on sms_codes (brand, phone_number, id);

-- Every text message the platform "sent": developers read codes at /platform/sms-outbox.
create table sms_outbox (
  id bigint generated always as identity primary key,
  brand text not null,
  phone_number text not null,
  body text not null,
  created_at timestamptz not null default now()
);

-- The OpenID Connect provider's models (sessions, interactions, codes, grants, tokens) per realm.
create table oidc_payloads (
  realm text not null,
  model text not null,
  id text not null,
  payload jsonb not null,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  primary key (realm, model, id)
);
create index oidc_payloads_grant_idx on oidc_payloads (realm, grant_id) where grant_id is not null;
create index oidc_payloads_uid_idx on oidc_payloads (realm, uid) where uid is not null;
create index oidc_payloads_user_code_idx on oidc_payloads (realm, user_code) where user_code is not null;

-- Keys and secrets generated at first start (token signing key, cookie keys, Zendesk secret).
create table platform_secrets (
  name text primary key,
  value jsonb not null,
  created_at timestamptz not null default now()
);

create table recently_played_games (
  player_id text not null references players (id) on delete cascade,
  game_id text not null references games (id) on delete cascade,
  played_at timestamptz not null,
  primary key (player_id, game_id)
);
create index recently_played_games_player_idx on recently_played_games (player_id, played_at desc);
