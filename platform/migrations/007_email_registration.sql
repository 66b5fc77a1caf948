-- Registration by e-mail finishes with a code sent to the address, so the registration form answers
-- the same whether or not the address already has an account (no account enumeration). The form's
-- fields wait here until the code comes back; a registration for an address that is taken keeps no
-- fields (data is null) and no code can finish it: its owner gets a "you already have an account"
-- e-mail instead.
create table pending_registrations (
  id uuid primary key,
  brand text not null,
  email text not null,
  code_hash text not null,
  data jsonb,
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  consumed_at timestamptz
);
create index pending_registrations_expiry_idx on pending_registrations (expires_at);

-- Every e-mail the platform "sent": developers read them at /platform/email-outbox (sandbox key).
create table email_outbox (
  id bigint generated always as identity primary key,
  brand text not null,
  email text not null,
  subject text not null,
  body text not null,
  code text,
  created_at timestamptz not null default now()
);
create index email_outbox_email_idx on email_outbox (brand, email, id);
