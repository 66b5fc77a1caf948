-- Where each session signed in from, for the player's session history (/profile/session-history/):
-- the kind of device, read off the user agent of the request that signed in, and the country the
-- platform resolved for that request (geo/country.ts). Both are kept as they were at sign-in, since a
-- player asking "was that me?" wants the sign-in's facts, not today's. Null for sessions opened before
-- this migration, and for sign-ins that sent no user agent or came through no resolvable request.
alter table sessions add column device text check (device in ('Desktop', 'Mobile'));
alter table sessions add column country_code text check (country_code ~ '^[A-Z]{2}$');

-- The history pages read a player's sessions and real-money rounds newest first, a page at a time.
create index sessions_player_created_idx on sessions (player_id, created_at desc, sid desc);
create index game_rounds_player_idx on game_rounds (player_id, id desc) where mode = 'REAL';
