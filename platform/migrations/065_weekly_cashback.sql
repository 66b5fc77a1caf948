-- Weekly cashback (src/cashback/): payouts are assignations of the reward engine with the key
-- cashback:<week start>:<player>, so nothing of its own is stored; this index lets a week's net casino
-- result of a wallet be read from the ledger without scanning every transaction.
create index ledger_transactions_wallet_kind_time_idx on ledger_transactions (wallet_id, kind, created_at);
