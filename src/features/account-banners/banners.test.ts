import { describe, expect, it } from 'vitest';
import type { Player } from '../session/player-store.ts';
import { activeBanners, type BannerInput } from './banners.ts';

const NOW = new Date('2026-06-15T12:00:00Z');
const future = '2026-07-01T00:00:00Z';
const past = '2026-06-01T00:00:00Z';

const basePlayer: Player = {
  id: 'p', playerId: '1', username: 'verified', language: 'en', email: 'v@x.demo', emailVerified: true, phoneNumber: null,
  isPhoneNumberVerified: true, realityCheckPeriod: null,
  accountStatus: { status: 'Open', cause: null, reopenByCustomerAllowed: true },
  country: { id: 'FI', code: 'FI', name: 'Finland', currency: 'EUR' },
  numberOfDeposits: 3, totalDepositAmount: '100.00', hasFirstTimeDeposit: true, canWithdraw: true,
  personalInfo: { firstName: 'V', lastName: 'P' }, isInstantBankingBlocked: false, instantBankingBlock: null,
  selfExclusionDetails: null, timeouts: null, areWithdrawalsBlocked: false,
  kycCheckStatus: { status: 'Done', deadline: null, verificationsDone: [], verificationsMissing: [] },
  sourceOfWealthStatus: { status: 'NotNeed', dueDate: null, dueDateExpired: false, requiredDocumentsUploadV2: [] },
  bankingCDD: false,
};

const input = (player: Partial<Player>, extra: Partial<BannerInput> = {}): BannerInput => ({
  player: { ...basePlayer, ...player }, customer: null, licence: 'mga', features: [], now: NOW, ...extra,
});
const ids = (value: BannerInput) => activeBanners(value).map((banner) => banner.id);

describe('account banners', () => {
  it('a plain verified player sees none', () => expect(ids(input({}))).toEqual([]));
  it('AccountClosed only when reopening is not allowed', () => {
    expect(ids(input({ accountStatus: { status: 'Closed', cause: 'CustomerRequest', reopenByCustomerAllowed: false } }))).toEqual(['AccountClosed']);
    expect(ids(input({ accountStatus: { status: 'Closed', cause: 'CustomerRequest', reopenByCustomerAllowed: true } }))).toEqual([]);
  });
  it('the multiple-accounts cause uses the alternate message', () => {
    const [banner] = activeBanners(input({ accountStatus: { status: 'Closed', cause: 'MultipleAccounts', reopenByCustomerAllowed: false } }));
    expect(banner?.variant).toBe('multipleAccounts');
  });
  it('GermanyCloseDown for players in Germany', () => expect(ids(input({ country: { id: 'DE', code: 'DE', name: 'Germany', currency: 'EUR' } }))).toEqual(['GermanyCloseDown']));
  it('NovemberCampaign in November', () => expect(ids(input({}, { now: new Date('2026-11-10T00:00:00Z') }))).toEqual(['NovemberCampaign']));
  it('KycRequired under mga, anj and est only', () => {
    const kyc = { kycCheckStatus: { status: 'Required' as const, deadline: future, verificationsDone: [], verificationsMissing: ['id'] } };
    expect(ids(input(kyc))).toEqual(['KycRequired']);
    expect(ids(input(kyc, { licence: 'cos' }))).toEqual([]);
  });
  it('Maintenance from the platform toggle', () => expect(ids(input({}, { features: ['Maintenance'] }))).toEqual(['Maintenance']));
  it('SelfExclusion while it runs', () => {
    expect(ids(input({ selfExclusionDetails: { exclusionEndsAt: future } }))).toEqual(['SelfExclusion']);
    expect(ids(input({ selfExclusionDetails: { exclusionEndsAt: past } }))).toEqual([]);
  });
  it('SowRequired, or SowUploadRequired once documents are requested', () => {
    const sow = { status: 'Required' as const, dueDate: future, dueDateExpired: false, requiredDocumentsUploadV2: [] };
    expect(ids(input({ sourceOfWealthStatus: sow }))).toEqual(['SowRequired']);
    expect(ids(input({ sourceOfWealthStatus: { ...sow, requiredDocumentsUploadV2: [{ comment: '', requestedFundingType: 'Salary' }] } }))).toEqual(['SowUploadRequired']);
  });
  it('Timeout while it runs', () => expect(ids(input({ timeouts: { timeoutEndsAt: future } }))).toEqual(['Timeout']));
  it('Content when the operator queued pop-ups', () => {
    const customer = { id: 'c', popUpsNeeded: ['welcome-bonus'], isCancelWithdrawalBlocked: false, isIncreaseDepositLimitBlocked: false, isRewardsBlocked: false, isDepositsBlocked: false };
    expect(ids(input({}, { customer }))).toEqual(['Content']);
  });
  it('BankingCDD', () => expect(ids(input({ bankingCDD: true }))).toEqual(['BankingCDD']));
  it('InstantBankingGracePeriod before the block, InstantBankingJackpot once blocked', () => {
    expect(ids(input({ instantBankingBlock: { activeFrom: future } }))).toEqual(['InstantBankingGracePeriod']);
    expect(ids(input({ isInstantBankingBlocked: true, instantBankingBlock: { activeFrom: past } }))).toEqual(['InstantBankingJackpot']);
  });
});
