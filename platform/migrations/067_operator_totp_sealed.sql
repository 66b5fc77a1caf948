-- Operators' TOTP secrets are kept sealed at rest (issue 32): a compact JWE (dir, A256GCM) under the key
-- 'operator-totp-key' in platform_secrets, made at first need like the platform's other secrets, so a
-- copy of the operators table alone (a dump, a replica, a log) gives no one an admin's second factor.
-- SQL cannot seal: the platform's start (and `npm run operator`) seals every secret a database from
-- before this migration holds in totp_secret and clears it (operators/accounts.ts sealPlainTotpSecrets);
-- nothing writes totp_secret any more.
alter table operators add column totp_secret_sealed text;
