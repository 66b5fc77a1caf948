import { describe, expect, it } from 'vitest';
import type { Player } from '../session/player-store.ts';
import { openTasks } from './open-tasks.ts';

const settled = {
  kycCheckStatus: { status: 'Done' as const, deadline: null, verificationsDone: [], verificationsMissing: [] },
  sourceOfWealthStatus: { status: 'NotNeed' as const, dueDate: null, dueDateExpired: false, requiredDocumentsUploadV2: [] },
  hasFirstTimeDeposit: true,
};

describe('openTasks', () => {
  it('is empty for a verified player who has deposited and owes no source of wealth', () => {
    expect(openTasks(settled)).toEqual([]);
  });

  it('asks for the first deposit until there is one', () => {
    expect(openTasks({ ...settled, hasFirstTimeDeposit: false })).toEqual([{ type: 'Deposit', dueDate: null }]);
  });

  it('asks for verification when KYC is Required, with its deadline', () => {
    const player = { ...settled, kycCheckStatus: { ...settled.kycCheckStatus, status: 'Required' as const, deadline: '2026-12-01T00:00:00Z' } };
    expect(openTasks(player)).toEqual([{ type: 'Verify', dueDate: '2026-12-01T00:00:00Z' }]);
  });

  it('asks for source of wealth while the operator waits for it (its banner\'s rule): Required, or documents requested', () => {
    const sow = (status: Player['sourceOfWealthStatus']['status'], dueDate: string | null, requested = false) => openTasks({
      ...settled,
      sourceOfWealthStatus: { ...settled.sourceOfWealthStatus, status, dueDate, requiredDocumentsUploadV2: requested ? [{ comment: 'Payslips', requestedFundingType: 'Salary' }] : [] },
    });
    expect(sow('Required', null)).toEqual([{ type: 'CompleteSoW', dueDate: null }]);
    expect(sow('Pending', '2026-12-10T00:00:00Z', true)).toEqual([{ type: 'CompleteSoW', dueDate: '2026-12-10T00:00:00Z' }]);
    // Sent and under review, not yet asked, or verified: nothing to do.
    expect(sow('Pending', null)).toEqual([]);
    expect(sow('WillBeRequired', '2026-12-10T00:00:00Z')).toEqual([]);
    expect(sow('Done', null)).toEqual([]);
  });

  it('lists verification, then source of wealth, then the deposit', () => {
    const player = {
      kycCheckStatus: { ...settled.kycCheckStatus, status: 'Required' as const },
      sourceOfWealthStatus: { ...settled.sourceOfWealthStatus, status: 'Required' as const },
      hasFirstTimeDeposit: false,
    };
    expect(openTasks(player).map((task) => task.type)).toEqual(['Verify', 'CompleteSoW', 'Deposit']);
  });
});
