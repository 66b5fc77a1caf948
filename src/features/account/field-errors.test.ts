import { describe, expect, it } from 'vitest';
import { GraphqlCallError } from '../../lib/graphql-errors.ts';
import { FIELD_ERROR_CODES, fieldMessages, type FieldErrorTexts } from './field-errors.ts';

const texts = Object.fromEntries(FIELD_ERROR_CODES.map((code) => [code, `${code} {max} {example} {age}`])) as FieldErrorTexts;

describe('fieldMessages', () => {
  it('puts each refused field\'s text under its input name, filled from the error', () => {
    const error = new GraphqlCallError('refused', 'BadUserInput', {
      field: 'input.city',
      fieldErrors: [
        { field: 'input.city', code: 'tooLong', max: 100 },
        { field: 'input.zipCode', code: 'zipCode', example: '00100' },
        { field: 'input.dateOfBirth', code: 'tooYoung', minimumAge: 21 },
        { field: 'input.city', code: 'required' },
        { field: 'input.street', code: 'somethingNew' },
      ],
    });
    expect(fieldMessages(error, texts)).toEqual({
      city: 'tooLong 100  18',
      zipCode: 'zipCode 100 00100 18',
      dateOfBirth: 'tooYoung 100  21',
      street: 'invalid 100  18',
    });
  });

  it('is null for anything that is not a per-field refusal', () => {
    expect(fieldMessages(new GraphqlCallError('[Network] down', 'NetworkError'), texts)).toBeNull();
    expect(fieldMessages(new GraphqlCallError('no', 'AuthenticationFailure'), texts)).toBeNull();
    expect(fieldMessages(new GraphqlCallError('no', 'BadUserInput', { field: 'input' }), texts)).toBeNull();
    expect(fieldMessages(new Error('boom'), texts)).toBeNull();
  });
});
