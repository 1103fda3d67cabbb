import { describe, expect, it } from 'vitest';
import { projectControls } from './project-controls.ts';

describe('projectControls', () => {
  it('owners and admins create and edit projects and workflows', () => {
    expect(projectControls('owner')).toEqual({ create: true, edit: true });
    expect(projectControls('admin')).toEqual({ create: true, edit: true });
  });

  it('members and viewers see no project or workflow controls', () => {
    for (const role of ['member', 'viewer', null] as const)
      expect(projectControls(role)).toEqual({ create: false, edit: false });
  });
});
