-- The player's source-of-wealth declaration: per funding type, the options ticked and the documents
-- (player_documents of kind SourceOfWealth) that prove it. Submitting replaces the whole declaration
-- in one transaction and moves players.sow_status to Pending; the operator's review moves it to Done
-- (or back to Required with a request for new documents).
create table player_source_of_wealth (
  player_id text not null references players (id) on delete cascade,
  funding_type text not null check (funding_type in ('Salary', 'Dividends', 'Other', 'Inheritance', 'SaleOfCompany', 'SaleOfProperty')),
  option_ids text[] not null check (cardinality(option_ids) > 0),
  document_ids text[] not null check (cardinality(document_ids) > 0),
  submitted_at timestamptz not null default now(),
  primary key (player_id, funding_type)
);
