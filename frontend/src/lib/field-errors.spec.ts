import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { fieldRefusal } from './field-errors';

const INQUIRY = { name: 'Name', email: 'Email', message: 'Message', portfolio_url: 'Portfolio URL' };
const refused = (fields: Record<string, string>, status = 400) => new ApiError(status, 'VALIDATION_FAILED', 'x: y', fields);

describe('fieldRefusal', () => {
  it("puts each message under the form's field it names, and says the first in the toast with the field's name", () => {
    expect(fieldRefusal(refused({ portfolio_url: 'Please enter a full http(s) address.' }), INQUIRY)).toEqual({
      fieldErrors: { portfolio_url: 'Please enter a full http(s) address.' },
      toast: { title: 'Please check the Portfolio URL field', description: 'Please enter a full http(s) address.' },
    });
  });

  it("uses the spec's toast title for the messages the spec has", () => {
    expect(fieldRefusal(refused({ email: 'Please enter a valid email address.' }), INQUIRY)?.toast).toEqual({
      title: 'Invalid email',
      description: 'Please enter a valid email address.',
    });
    expect(fieldRefusal(refused({ email: 'Please enter your email address.' }), INQUIRY)?.toast.title).toBe('Email required');
    expect(fieldRefusal(refused({ name: 'Please fill in all required fields.' }), INQUIRY)?.toast.title).toBe('Missing Information');
  });

  it("takes the form's order for the toast, and an item's message for its field", () => {
    const refusal = fieldRefusal(refused({ portfolio_url: 'Bad address.', 'name.0': 'At most 100 characters.' }), INQUIRY);
    expect(refusal).toEqual({
      fieldErrors: { portfolio_url: 'Bad address.', name: 'At most 100 characters.' },
      toast: { title: 'Please check the Name field', description: 'At most 100 characters.' },
    });
  });

  it('is null when the failure names none of the fields the visitor sees, or is no refusal', () => {
    expect(fieldRefusal(refused({ source_page: 'Control characters are not allowed.' }), INQUIRY)).toBeNull();
    expect(fieldRefusal(new ApiError(400, 'VALIDATION_FAILED', 'Invalid input'), INQUIRY)).toBeNull();
    expect(fieldRefusal(refused({ email: 'x' }, 500), INQUIRY)).toBeNull();
    expect(fieldRefusal(new TypeError('Failed to fetch'), INQUIRY)).toBeNull();
  });
});
