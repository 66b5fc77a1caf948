-- The countdown calendar (src/calendar/): a door's reward is an assignation of the reward engine
-- with the key calendar:<campaign>:<date>:<player>, so claiming a door twice gives it once. The only
-- table of its own is the sandbox's per-player "today" override, which tests and demos use to move
-- the calendar's day for one player without moving anyone else's clock.
create table calendar_day_overrides (
  player_id text primary key references players (id) on delete cascade,
  day date not null
);
