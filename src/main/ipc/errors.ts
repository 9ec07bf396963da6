/** Errors a handler may throw on purpose: the code and message travel to the renderer as they are. */
export class DesktopError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'DesktopError';
  }
}

/** Codes the dispatcher itself produces. */
export const DISPATCH_ERRORS = {
  UNKNOWN_CHANNEL: 'UNKNOWN_CHANNEL',
  INVALID_REQUEST: 'INVALID_REQUEST',
  INVALID_RESPONSE: 'INVALID_RESPONSE',
  INTERNAL: 'INTERNAL',
} as const;
