import { describe, expect, it } from 'vitest';
import { FUNDING_TYPES, type FundingType } from '../../../shared/source-of-wealth.ts';
import { declarationProblems, initialState, type TypeState } from './declaration.ts';

const blank = (): Record<FundingType, TypeState> =>
  Object.fromEntries(FUNDING_TYPES.map((type) => [type, { declared: false, options: [], files: [] }])) as unknown as Record<FundingType, TypeState>;
const file = { documentId: 'd1', fileName: 'payslip.pdf', status: 'Pending' };

describe('declarationProblems', () => {
  it('asks for at least one source when nothing is declared', () => {
    expect(declarationProblems(blank(), [])).toEqual({ none: true, byType: {} });
  });

  it('names the first missing piece of each declared type: an option, then a document', () => {
    const state = blank();
    state.Salary = { declared: true, options: [], files: [] };
    state.Dividends = { declared: true, options: ['funds'], files: [] };
    state.Inheritance = { declared: true, options: ['inheritedCash'], files: [file] };
    expect(declarationProblems(state, [])).toEqual({ none: false, byType: { Salary: 'options', Dividends: 'file' } });
  });

  it('refuses to leave out a type the operator asked documents for', () => {
    const state = blank();
    state.Salary = { declared: true, options: ['employment'], files: [file] };
    expect(declarationProblems(state, ['Inheritance']).byType).toEqual({ Inheritance: 'requested' });
    expect(declarationProblems(state, ['Salary']).byType).toEqual({});
  });
});

describe('initialState', () => {
  it('ticks declared and requested types and keeps the checked options and files', () => {
    const entries = FUNDING_TYPES.map((type) => ({
      type, completed: type === 'Salary', submittedAt: null,
      options: [{ id: 'employment', checked: type === 'Salary' }, { id: 'bonus', checked: false }],
      files: type === 'Salary' ? [file] : [],
    }));
    const state = initialState(entries, ['Inheritance']);
    expect(state.Salary).toEqual({ declared: true, options: ['employment'], files: [file] });
    expect(state.Inheritance.declared).toBe(true);
    expect(state.Dividends).toEqual({ declared: false, options: [], files: [] });
  });
});
