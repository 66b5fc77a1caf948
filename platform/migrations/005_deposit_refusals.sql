-- A provider's "Completed" for a player who may no longer deposit (an exclusion or timeout that began
-- while the deposit was at the bank) is recorded as refused: the payment is cancelled, nothing is
-- credited, and the provider returns the money.
alter table payment_notifications drop constraint payment_notifications_outcome_check;
alter table payment_notifications add constraint payment_notifications_outcome_check check (outcome in ('applied', 'stale', 'refused'));
