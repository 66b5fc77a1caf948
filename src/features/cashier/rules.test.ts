import { describe, expect, it } from 'vitest';
import { amountProblem, isCloseQuickDepositMessage, isWeekend, minimumDeposit, providerOf, readDeepLink, readDepositMemory, runningOutOfFunds, toMinor, walletNoticesSuppressed } from './rules.ts';

describe('cashier rules', () => {
  it('takes the larger of the currency table and the server minimum', () => {
    expect(minimumDeposit('EUR', '5.00')).toBe('20.00');
    expect(minimumDeposit('EUR', '25.50')).toBe('25.50');
    expect(minimumDeposit('JPY', '1000')).toBe('1200');
    expect(minimumDeposit('NOK', '0.00')).toBe('100.00');
    expect(minimumDeposit('SEK', '0.00')).toBe('20.00');
  });

  it('checks amounts exactly in minor units', () => {
    expect(toMinor('20.1', 'EUR')).toBe(2010n);
    expect(toMinor('20,10', 'EUR')).toBe(2010n);
    expect(toMinor('20.001', 'EUR')).toBeNull();
    expect(toMinor('1200.5', 'JPY')).toBeNull();
    expect(amountProblem('19.99', 'EUR', '20.00')).toBe('belowMinimum');
    expect(amountProblem('20', 'EUR', '20.00')).toBeNull();
    expect(amountProblem('-5', 'EUR', '20.00')).toBe('invalid');
    expect(amountProblem('0', 'EUR', '0.00')).toBe('invalid');
    expect(amountProblem('abc', 'EUR', '20.00')).toBe('invalid');
  });

  it('ignores deposit memory that is missing or not numeric', () => {
    expect(readDepositMemory(JSON.stringify({ amount: '50.00', currency: 'EUR' }))).toEqual({ amount: '50.00', currency: 'EUR' });
    expect(readDepositMemory(null)).toBeNull();
    expect(readDepositMemory('{')).toBeNull();
    expect(readDepositMemory(JSON.stringify({ amount: 'fifty', currency: 'EUR' }))).toBeNull();
    expect(readDepositMemory(JSON.stringify({ amount: '50' }))).toBeNull();
    expect(readDepositMemory(JSON.stringify({ amount: 50, currency: 'EUR' }))).toBeNull();
  });

  it('opens the deep link only with autoSubmit, paymentMethod and amount together', () => {
    expect(readDeepLink('?autoSubmit=true&paymentMethod=trustly&amount=25')).toEqual({ autoSubmit: true, paymentMethod: 'trustly', amount: '25' });
    expect(readDeepLink('?autoSubmit=false&paymentMethod=piq&amount=25')?.autoSubmit).toBe(false);
    expect(readDeepLink('?paymentMethod=trustly&amount=25')).toBeNull();
    expect(readDeepLink('?autoSubmit=true&amount=25')).toBeNull();
    expect(providerOf('Zimpler')).toBe('ZIMPLER');
    expect(providerOf('paypal')).toBeNull();
  });

  it('suppresses wallet notices on sports pages and after the dialog was dismissed', () => {
    expect(walletNoticesSuppressed('/en/sports/', '')).toBe(true);
    expect(walletNoticesSuppressed('/en_CA/more-casinos/', '')).toBe(true);
    expect(walletNoticesSuppressed('/en/games/book/', 'a=1; displayWantToDepositDialog=false')).toBe(true);
    expect(walletNoticesSuppressed('/en/games/book/', 'displayWantToDepositDialog=true')).toBe(false);
    expect(walletNoticesSuppressed('/fi/', '')).toBe(false);
  });

  it('prompts when the balance, plus bonus where the game takes it, is at most twice the last bet', () => {
    const base = { currency: 'EUR', lastBet: '5.00', bonusBalance: '20.00' };
    expect(runningOutOfFunds({ ...base, balance: '10.00', gameHasBonus: false })).toBe(true);
    expect(runningOutOfFunds({ ...base, balance: '10.01', gameHasBonus: false })).toBe(false);
    expect(runningOutOfFunds({ ...base, balance: '10.00', gameHasBonus: true })).toBe(false);
    expect(runningOutOfFunds({ ...base, balance: '0.00', bonusBalance: '10.00', gameHasBonus: true })).toBe(true);
  });

  it('closes on closeQuickDepositEvent from an allowed origin only', () => {
    const allowed = ['http://aurelia.localhost:4321'];
    expect(isCloseQuickDepositMessage('closeQuickDepositEvent', 'http://aurelia.localhost:4321', allowed)).toBe(true);
    expect(isCloseQuickDepositMessage('closeQuickDepositEvent', 'https://evil.example', allowed)).toBe(false);
    expect(isCloseQuickDepositMessage({ type: 'closeQuickDepositEvent' }, 'http://aurelia.localhost:4321', allowed)).toBe(false);
  });

  it('calls Saturday and Sunday the weekend on the player\'s own clock', () => {
    expect([5, 6, 7, 8, 9, 10, 11].map((day) => isWeekend(new Date(2026, 0, day, 12)))).toEqual([false, false, false, false, false, true, true]);
  });
});
