/** Who gets the workflow screens in the navigation. */
import { describe, expect, it } from 'vitest';
import { canUseWorkflows } from './access';

const viewer = (
  legal_user_type: 'admin' | 'attorney' | 'paralegal' | 'staff' | null,
  manages = false,
) => ({
  user: { legal_user_type },
  can_manage_company: manages,
});

describe('canUseWorkflows', () => {
  it('given an administrator or an attorney, then yes', () => {
    expect(canUseWorkflows(viewer('admin'))).toBe(true);
    expect(canUseWorkflows(viewer('attorney'))).toBe(true);
  });

  it('given a paralegal or staff member, then no, unless they manage the company', () => {
    expect(canUseWorkflows(viewer('paralegal'))).toBe(false);
    expect(canUseWorkflows(viewer('staff'))).toBe(false);
    expect(canUseWorkflows(viewer('staff', true))).toBe(true);
  });

  it('given nobody signed in, then no', () => {
    expect(canUseWorkflows(null)).toBe(false);
  });
});
