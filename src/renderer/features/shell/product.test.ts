import { describe, expect, it } from 'vitest';
import { canSwitchCompany, productOf, seesTalent } from './product';
import { DELIVERY_PROJECTS_PATH, startPathFor } from './landing';

describe('the product of a signed-in person', () => {
  it('given a legal company, then legal; a non-legal company or none, then delivery', () => {
    expect(productOf({ is_legal: true })).toBe('legal');
    expect(productOf({ is_legal: false })).toBe('delivery');
    expect(productOf(null)).toBe('delivery');
  });

  it('given the role, then only internal admins and managers switch companies', () => {
    expect(canSwitchCompany('internal_admin')).toBe(true);
    expect(canSwitchCompany('internal_manager')).toBe(true);
    for (const type of ['project_manager', 'tech_lead', 'qa', 'developer', 'customer'] as const)
      expect(canSwitchCompany(type)).toBe(false);
    expect(seesTalent('developer')).toBe(true);
    expect(seesTalent('user')).toBe(false);
  });

  it('given a delivery person, then they start on projects, never on a legal screen they used before', () => {
    expect(startPathFor('delivery', null, '/documents')).toBe(DELIVERY_PROJECTS_PATH);
    expect(startPathFor('delivery', null, '/talent')).toBe('/talent');
    expect(startPathFor('legal', 'paralegal', null)).toBe('/review');
    expect(startPathFor('legal', 'paralegal', '/projects')).toBe('/review');
    expect(startPathFor('legal', 'attorney', '/cases')).toBe('/cases');
  });
});
