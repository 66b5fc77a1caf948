-- Rate-limit counters (security/rate-limit.ts), shared by every platform process on the database so
-- a limit holds however many processes a client's attempts are spread over. One fixed window per
-- rule, scope and subject (or client address): each attempt is one atomic insert … on conflict do
-- update that starts a new window when the old one has ended. Times are epoch milliseconds from the
-- platform's clock. Expired windows are swept by a periodic job.
create table rate_limit_windows (
  key text primary key,
  count integer not null check (count > 0),
  resets_at bigint not null
);
create index rate_limit_windows_resets_at_idx on rate_limit_windows (resets_at);
