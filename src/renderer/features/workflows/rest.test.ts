/** A refused save's issues become problems on the canvas. */
import { describe, expect, it } from 'vitest';
import { problemFromIssue } from './rest';

describe('problemFromIssue', () => {
  it('given a node field path, then the node and the field are named', () => {
    expect(
      problemFromIssue({ path: 'nodes.notify-1a2b.message', message: 'Enter the message.' }),
    ).toEqual({
      nodeId: 'notify-1a2b',
      field: 'message',
      message: 'Enter the message.',
    });
  });

  it('given an edge path, then the edge is named', () => {
    expect(problemFromIssue({ path: 'edges.edge-9', message: 'x' })).toEqual({
      edgeId: 'edge-9',
      message: 'x',
    });
  });

  it('given the graph or any other path, then it is a problem of the whole graph', () => {
    expect(problemFromIssue({ path: 'graph', message: 'Add a trigger.' })).toEqual({
      message: 'Add a trigger.',
    });
    expect(problemFromIssue({ path: 'newNodes', message: 'Too many.' })).toEqual({
      message: 'Too many.',
    });
  });
});
