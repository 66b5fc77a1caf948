-- Documents a player uploads: identity and address for KYC, and the documents a source-of-wealth
-- declaration asks for. The bytes live here (a few megabytes at most, MAX_DOCUMENT_BYTES), so every
-- platform process serves them; content_type is what the bytes are (sniffed), never what the name says.
create table player_documents (
  id text primary key,
  player_id text not null references players (id) on delete cascade,
  -- Identity, Address or SourceOfWealth.
  kind text not null check (kind in ('Identity', 'Address', 'SourceOfWealth')),
  -- For SourceOfWealth: the funding type it proves (Salary, Dividends, Other, Inheritance, SaleOfCompany, SaleOfProperty).
  funding_type text check (funding_type in ('Salary', 'Dividends', 'Other', 'Inheritance', 'SaleOfCompany', 'SaleOfProperty')),
  file_name text not null,
  content_type text not null check (content_type in ('image/jpeg', 'image/png', 'application/pdf')),
  size_bytes integer not null check (size_bytes > 0),
  sha256 text not null,
  bytes bytea not null,
  -- Pending until the operator reviews it.
  status text not null default 'Pending' check (status in ('Pending', 'Approved', 'Rejected')),
  uploaded_at timestamptz not null default now(),
  check ((kind = 'SourceOfWealth') = (funding_type is not null))
);
create index player_documents_player_idx on player_documents (player_id, uploaded_at desc);
