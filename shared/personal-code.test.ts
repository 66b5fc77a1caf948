import { describe, expect, it } from 'vitest';
import { checkEstonianPersonalCode, parseEstonianPersonalCode } from './personal-code.ts';

describe('parseEstonianPersonalCode', () => {
  it('reads the birth date of valid codes, in each century', () => {
    expect(parseEstonianPersonalCode('37605030299')).toEqual({ birthDate: '1976-05-03' });
    expect(parseEstonianPersonalCode('60801011235')).toEqual({ birthDate: '2008-01-01' });
  });

  it('uses the second weights when the first sum leaves 10', () => {
    expect(parseEstonianPersonalCode('50101010016')).toEqual({ birthDate: '2001-01-01' });
    expect(parseEstonianPersonalCode('50101010010')).toBeNull();
  });

  it('refuses a wrong check digit, mistyped digits, a date that does not exist and a bad shape', () => {
    expect(parseEstonianPersonalCode('37605030298')).toBeNull();
    // A digit one off in the date or the serial changes the check digit.
    for (const typo of ['37705030299', '37606030299', '37605040299', '37605030399', '37605030289']) expect(parseEstonianPersonalCode(typo), typo).toBeNull();
    expect(parseEstonianPersonalCode('37602300000')).toBeNull();
    for (const bad of ['', '3760503029', '376050302999', '77605030299', '3760503029a', ' 37605030299']) expect(parseEstonianPersonalCode(bad), bad).toBeNull();
  });
});

describe('checkEstonianPersonalCode', () => {
  // Issue 27: the form said "it has 11 digits" of a 3-digit code; each problem now has its own answer.
  it('says what is wrong, in the order a player would fix it', () => {
    expect(checkEstonianPersonalCode('376')).toEqual({ ok: false, problem: 'length', length: 3 });
    expect(checkEstonianPersonalCode('')).toEqual({ ok: false, problem: 'length', length: 0 });
    expect(checkEstonianPersonalCode('376050302999')).toEqual({ ok: false, problem: 'length', length: 12 });
    expect(checkEstonianPersonalCode('3760503029a')).toEqual({ ok: false, problem: 'digits' });
    expect(checkEstonianPersonalCode('3760-503029')).toEqual({ ok: false, problem: 'digits' });
    expect(checkEstonianPersonalCode('77605030299')).toEqual({ ok: false, problem: 'firstDigit' });
    expect(checkEstonianPersonalCode('37602300000')).toEqual({ ok: false, problem: 'date' });
    expect(checkEstonianPersonalCode('37613030299')).toEqual({ ok: false, problem: 'date' });
    expect(checkEstonianPersonalCode('37605030298')).toEqual({ ok: false, problem: 'checkDigit' });
    expect(checkEstonianPersonalCode('37605030299')).toEqual({ ok: true, birthDate: '1976-05-03' });
  });
});
