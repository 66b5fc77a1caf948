-- What a player accepted is a version, not a flag: players.terms_accepted and privacy_policy_accepted
-- defaulted to true for every player, whatever they were shown (a brand without legal documents
-- "accepted" terms it did not have). A player's termsAccepted and privacyPolicyAccepted now come from
-- legal_acceptances, which records the version of each document they accepted and keeps its text.
alter table players drop column terms_accepted;
alter table players drop column privacy_policy_accepted;
