-- The legal documents a player accepted on registration (terms and conditions, privacy policy), by
-- version, with a copy of each accepted version's text: the content file moves on, but what a player
-- agreed to stays readable (the lobby's /terms-and-conditions/?version=… shows it).
create table legal_document_versions (
  brand text not null,
  document text not null,
  version text not null,
  updated date not null,
  -- The document as the content file held it when the version was first accepted (title and body per locale).
  content jsonb not null,
  first_accepted_at timestamptz not null default now(),
  primary key (brand, document, version)
);

create table legal_acceptances (
  player_id text not null references players (id),
  brand text not null,
  document text not null,
  version text not null,
  -- Where the player accepted it: idp-registration (the checkbox), sms-registration, pay-and-play.
  source text not null,
  accepted_at timestamptz not null default now(),
  primary key (player_id, document, version),
  foreign key (brand, document, version) references legal_document_versions (brand, document, version)
);
