import { describe, expect, it } from 'vitest';
import type { Player } from '../session/player-store.ts';
import { activeBanners, type BannerInput, type OperatorBanner } from './banners.ts';

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
  player: { ...basePlayer, ...player }, customer: null, licence: 'mga', operatorBanners: [], now: NOW, ...extra,
});
/** An operator banner as the layout hands it over (content/<brand>/banners.json). */
const operator = (banner: Partial<OperatorBanner> & Pick<OperatorBanner, 'type'>): OperatorBanner => ({
  id: banner.type.toLowerCase(), text: `${banner.type} text`, link: null, countries: null, from: null, until: null, ...banner,
});
const GERMANY = { id: 'DE', code: 'DE', name: 'Germany', currency: 'EUR' };
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
  it('the operator\'s banners show only as content: no German or November banner of the lobby\'s own', () => {
    expect(ids(input({ country: GERMANY }, { now: new Date('2026-11-10T00:00:00Z') }))).toEqual([]);
  });
  it('an operator banner shows to players of its countries, in its window, with its own text and link', () => {
    const closeDown = operator({ type: 'GermanyCloseDown', text: 'We are leaving.', link: { href: '/en/withdraw/', label: 'Withdraw' }, countries: ['DE'] });
    const [banner] = activeBanners(input({ country: GERMANY }, { operatorBanners: [closeDown] }));
    expect(banner).toEqual({ id: 'GermanyCloseDown', tone: 'warning', operator: { key: 'germanyclosedown', text: 'We are leaving.', link: { href: '/en/withdraw/', label: 'Withdraw' } } });
    expect(ids(input({}, { operatorBanners: [closeDown] }))).toEqual([]);
    const november = operator({ type: 'NovemberCampaign', from: '2026-11-01T00:00:00Z', until: '2026-12-01T00:00:00Z' });
    expect(ids(input({}, { operatorBanners: [november], now: new Date('2026-10-31T23:59:59Z') }))).toEqual([]);
    expect(ids(input({}, { operatorBanners: [november], now: new Date('2026-11-01T00:00:00Z') }))).toEqual(['NovemberCampaign']);
    expect(ids(input({}, { operatorBanners: [november], now: new Date('2026-12-01T00:00:00Z') }))).toEqual([]);
  });
  it('KycRequired under mga, anj and est only', () => {
    const kyc = { kycCheckStatus: { status: 'Required' as const, deadline: future, verificationsDone: [], verificationsMissing: ['id'] } };
    expect(ids(input(kyc))).toEqual(['KycRequired']);
    expect(ids(input(kyc, { licence: 'cos' }))).toEqual([]);
  });
  it('Maintenance from the operator\'s content, in the stacking order', () => {
    const kyc = { kycCheckStatus: { status: 'Required' as const, deadline: future, verificationsDone: [], verificationsMissing: ['id'] } };
    expect(ids(input(kyc, { operatorBanners: [operator({ type: 'Maintenance' })] }))).toEqual(['KycRequired', 'Maintenance']);
  });
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
  it('Content when the operator queued pop-ups and wrote a Content banner', () => {
    const customer = { id: 'c', popUpsNeeded: ['welcome-bonus'], isCancelWithdrawalBlocked: false, isIncreaseDepositLimitBlocked: false, isRewardsBlocked: false, isDepositsBlocked: false };
    const content = [operator({ type: 'Content' })];
    expect(ids(input({}, { customer, operatorBanners: content }))).toEqual(['Content']);
    expect(ids(input({}, { operatorBanners: content }))).toEqual([]);
    expect(ids(input({}, { customer }))).toEqual([]);
  });
  it('BankingCDD', () => expect(ids(input({ bankingCDD: true }))).toEqual(['BankingCDD']));
  it('InstantBankingGracePeriod before the block, InstantBankingJackpot once blocked', () => {
    expect(ids(input({ instantBankingBlock: { activeFrom: future } }))).toEqual(['InstantBankingGracePeriod']);
    const jackpot = [operator({ type: 'InstantBankingJackpot' })];
    expect(ids(input({ isInstantBankingBlocked: true, instantBankingBlock: { activeFrom: past } }, { operatorBanners: jackpot }))).toEqual(['InstantBankingJackpot']);
    expect(ids(input({}, { operatorBanners: jackpot }))).toEqual([]);
  });
});
