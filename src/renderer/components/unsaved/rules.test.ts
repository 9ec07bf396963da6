import { describe, expect, it } from 'vitest';
import { leavesUnsaved } from './rules';

describe('leavesUnsaved', () => {
  it('holds a move to another screen while the form has unsaved changes', () => {
    expect(leavesUnsaved(true, { pathname: '/company' }, { pathname: '/users' })).toBe(true);
  });
  it('lets a clean form go anywhere', () => {
    expect(leavesUnsaved(false, { pathname: '/company' }, { pathname: '/users' })).toBe(false);
  });
  it('keeps the form on the same screen (query or hash changes)', () => {
    expect(leavesUnsaved(true, { pathname: '/documents/1' }, { pathname: '/documents/1' })).toBe(
      false,
    );
  });
  it('holds a move from one document to the next', () => {
    expect(leavesUnsaved(true, { pathname: '/documents/1' }, { pathname: '/documents/2' })).toBe(
      true,
    );
  });
});
