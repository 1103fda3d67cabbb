import { describe, expect, it } from 'vitest';
import { editedFields } from './edited-fields.ts';

describe('the fields of an edit', () => {
  it('names the fields for the toast', () => {
    expect(editedFields({ stateId: 's', priority: 1 })).toBe('state and priority');
    expect(editedFields({ dueDate: null })).toBe('due date');
  });
});
