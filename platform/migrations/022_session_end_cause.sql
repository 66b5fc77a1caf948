-- Why a destroyed session ended (SessionDestroyed's cause and until), kept with the session so a
-- device that missed the live event (asleep, offline, or its refused call came first) learns the
-- same reason when its refresh is refused: "signed in elsewhere" or "your break ends at …",
-- never a bare "session expired".
alter table sessions add column end_cause text;
alter table sessions add column end_until timestamptz;
