/** Undo/redo of the workflow editor: what a person gets back with Ctrl+Z and Ctrl+Shift+Z. */
import { describe, expect, it } from 'vitest';
import {
  canRedo,
  canUndo,
  commit,
  commitFrom,
  HISTORY_LIMIT,
  redo,
  replace,
  startHistory,
  undo,
} from './history';

describe('editor history', () => {
  it('given two changes, when undone twice and redone once, then each step comes back in order', () => {
    let history = startHistory('empty');
    history = commit(history, 'one node');
    history = commit(history, 'two nodes');
    history = undo(history);
    expect(history.present).toBe('one node');
    history = undo(history);
    expect(history.present).toBe('empty');
    expect(canUndo(history)).toBe(false);
    history = redo(history);
    expect(history.present).toBe('one node');
    expect(canRedo(history)).toBe(true);
  });

  it('given an undone step, when a new change is made, then the redo list is dropped', () => {
    let history = commit(commit(startHistory(0), 1), 2);
    history = undo(history);
    history = commit(history, 3);
    expect(canRedo(history)).toBe(false);
    expect(redo(history).present).toBe(3);
    expect(undo(history).present).toBe(1);
  });

  it('given nothing to undo or redo, then undo and redo leave the state alone', () => {
    const history = startHistory('only');
    expect(undo(history)).toBe(history);
    expect(redo(history)).toBe(history);
  });

  it('given a drag that moved the present without steps, when it ends, then one undo returns to where it started', () => {
    let history = commit(startHistory('a'), 'b at 0,0');
    history = replace(history, 'b at 10,0');
    history = replace(history, 'b at 20,0');
    history = commitFrom(history, 'b at 0,0', 'b at 30,0');
    expect(history.present).toBe('b at 30,0');
    expect(undo(history).present).toBe('b at 0,0');
    expect(undo(undo(history)).present).toBe('a');
  });

  it('given more changes than the limit, then only the newest steps are kept', () => {
    let history = startHistory(0);
    for (let step = 1; step <= HISTORY_LIMIT + 5; step += 1) history = commit(history, step);
    expect(history.past.length).toBe(HISTORY_LIMIT);
    expect(history.past[0]).toBe(5);
  });
});
