import { describe, expect, it } from 'vitest';
import { labelControls } from './label-controls.ts';

describe('labelControls', () => {
  it('a member creates labels but sees no rename, recolour or delete', () => {
    expect(labelControls('member')).toEqual({ create: true, edit: false, delete: false });
  });

  it('owners and admins see every control', () => {
    for (const role of ['owner', 'admin'] as const)
      expect(labelControls(role)).toEqual({ create: true, edit: true, delete: true });
  });

  it('a viewer sees none', () => {
    expect(labelControls('viewer')).toEqual({ create: false, edit: false, delete: false });
  });
});
