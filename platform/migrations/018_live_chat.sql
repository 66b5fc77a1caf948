-- The sandbox live chat (issue 18): a messaging widget shaped like the one operators embed, so the
-- lobby's chat button, its loading and its signed-in identity work end to end without a provider.
-- A conversation belongs to a visitor (a cookie) and, once the lobby signs the player in with the
-- generateZendeskToken JWT, to that player too.
create table chat_conversations (
  id text primary key,
  brand text not null,
  player_id text,
  player_name text,
  created_at timestamptz not null default now()
);
create table chat_messages (
  id bigserial primary key,
  conversation_id text not null references chat_conversations (id) on delete cascade,
  author text not null check (author in ('visitor', 'agent')),
  body text not null check (length(body) between 1 and 1000),
  created_at timestamptz not null default now()
);
create index chat_messages_conversation_idx on chat_messages (conversation_id, id);
