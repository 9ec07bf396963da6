/**
 * The one error type stage 1 throws for raw files it cannot read, with a code the job worker can
 * turn into a file status without parsing messages.
 */
export type PipelineInputErrorCode = 'corrupt' | 'encrypted' | 'empty' | 'unsupported';

export class PipelineInputError extends Error {
  override readonly name = 'PipelineInputError';
  constructor(
    readonly code: PipelineInputErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Rethrows an abort as-is when the signal fired. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) {
    throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
  }
}
