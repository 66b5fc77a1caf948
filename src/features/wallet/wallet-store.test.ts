import { beforeEach, describe, expect, it } from 'vitest';
import { $wallet, applyBalanceUpdate, clearWallet, setWallet, walletReadMark, type BalanceUpdate, type Wallet } from './wallet-store.ts';

const wallet = (balance: string): Wallet => ({ id: 'w1', balance, bonusBalance: '0.00', currency: 'EUR', minDepositAmount: '10.00', minWithdrawalAmount: '20.00' });
const event = (balance: string): BalanceUpdate => ({ balance, bonusBalance: '0.00', currency: 'EUR', amount: '40.00', moneyType: 'Deposit', transactionKind: 'Deposit', wageringProgress: null });

describe('wallet store', () => {
  beforeEach(() => clearWallet());

  it('a read that started before a balance event does not put the older balance back', () => {
    setWallet(wallet('100.00'));
    applyBalanceUpdate(event('60.00'));
    const mark = walletReadMark();
    // The cancel's event arrives while the refetch (which read 60.00 before the cancel) is on its way.
    applyBalanceUpdate(event('100.00'));
    setWallet({ ...wallet('60.00'), minWithdrawalAmount: '25.00' }, mark);
    expect($wallet.get().wallet).toEqual({ ...wallet('100.00'), minWithdrawalAmount: '25.00' });
    expect($wallet.get().status).toBe('STREAMING');
  });

  it('a read with no event since it started is the balance', () => {
    applyBalanceUpdate(event('60.00'));
    const mark = walletReadMark();
    setWallet(wallet('75.00'), mark);
    expect($wallet.get().wallet?.balance).toBe('75.00');
  });

  it('an event before the first read gives the balance; the read fills in the rest of the wallet', () => {
    const mark = walletReadMark();
    applyBalanceUpdate(event('55.00'));
    expect($wallet.get().wallet).toMatchObject({ id: '', balance: '55.00', minDepositAmount: '0' });
    setWallet(wallet('50.00'), mark);
    expect($wallet.get().wallet).toEqual(wallet('55.00'));
  });
});
