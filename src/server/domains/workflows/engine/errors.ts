/** How a node's failure is treated: transient ones are retried with backoff, final ones wait for a person. */
export class NodeFailure extends Error {
  readonly transient: boolean;
  /** The CRM a sync step was sending to when it failed (its Failed sync log names it). */
  connector?: string;
  constructor(message: string, transient: boolean) {
    super(message);
    this.name = 'NodeFailure';
    this.transient = transient;
  }
}

export const transient = (message: string) => new NodeFailure(message, true);
export const final = (message: string) => new NodeFailure(message, false);
