-- The operator console's people (issue 32): operators sign in through the platform's identity
-- provider in the operator realm (/auth/realms/operators), with a password (scrypt, as players) and,
-- for those holding compliance or admin, a TOTP second factor. Roles are per brand ('*': every brand).
create table operators (
  id text primary key,
  email text not null,
  name text not null,
  -- scrypt$<salt>$<hash> (players/password.ts).
  password_hash text not null,
  -- Base32 TOTP secret; set at enrolment, confirmed by the first code typed.
  totp_secret text,
  totp_confirmed_at timestamptz,
  -- The last TOTP time step accepted: a code is good once.
  totp_last_step bigint,
  disabled boolean not null default false,
  -- The seed entry this operator came from (sandbox demo operators only; a production start refuses them).
  demo_key text,
  created_at timestamptz not null default now()
);
create unique index operators_email_idx on operators (lower(email));

create table operator_roles (
  operator_id text not null references operators (id) on delete cascade,
  -- A brand id, or '*' for every brand.
  brand text not null,
  role text not null check (role in ('editor', 'compliance', 'support', 'admin')),
  granted_at timestamptz not null default now(),
  primary key (operator_id, brand, role)
);

-- Every operator action, written in the same transaction as its effect. Rows are only ever added:
-- the database refuses updates, deletes and truncation.
create table operator_audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  operator_id text not null,
  -- The e-mail at the time, so the log reads without a join and survives a renamed operator.
  operator_email text not null,
  brand text not null,
  action text not null,
  target text,
  before jsonb,
  after jsonb
);
create index operator_audit_log_at_idx on operator_audit_log (brand, at desc, id desc);
create index operator_audit_log_operator_idx on operator_audit_log (operator_id, at desc);

create function operator_audit_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'operator_audit_log is append-only: % is refused (an audit entry is never changed or removed)', tg_op;
end $$;

create trigger operator_audit_log_no_change before update or delete on operator_audit_log
  for each row execute function operator_audit_log_append_only();
create trigger operator_audit_log_no_truncate before truncate on operator_audit_log
  for each statement execute function operator_audit_log_append_only();

create index player_documents_status_idx on player_documents (status, uploaded_at);
