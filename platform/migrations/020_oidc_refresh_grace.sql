-- The identity provider's refresh-token grace (issue 27: players signed out at random): the answer
-- a refresh token was rotated to, kept 10 s so that the same token presented again (a page that left
-- before the answer reached it, a retry) gets that same answer instead of the provider's reuse
-- detection revoking the whole grant. Keyed and sealed by the presented token itself: the row can
-- be found and opened only by someone presenting that token.
create table oidc_refresh_grace (
  id text primary key,
  answer text,
  expires_at timestamptz not null
);
create index oidc_refresh_grace_expires_idx on oidc_refresh_grace (expires_at);
