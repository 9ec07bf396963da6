/**
 * The transport-independent front door of the IPC contract: Electron's ipcMain and the host's
 * WebSocket both hand it a channel name and an untrusted request, and get back a result object.
 * It never throws: an unknown channel, a request that fails the channel's schema, a handler error
 * and a response that breaks the contract all come back as `{ ok: false, error: { code, message } }`.
 */
import { z } from 'zod';
import { PRODUCT_ERRORS } from '../../shared/errors';
import {
  ipcChannels,
  isIpcChannel,
  type IpcChannel,
  type IpcError,
} from '../../shared/ipc/contract';
import { DesktopError, DISPATCH_ERRORS } from './errors';
import type { IpcHandler, IpcHandlers } from './handlers';

export type DispatchResult = { ok: true; response: unknown } | { ok: false; error: IpcError };

export type Dispatch = (channel: string, rawRequest: unknown) => Promise<DispatchResult>;

export interface DispatcherOptions {
  /** Told about unexpected failures (handler bugs, broken responses) for the log. */
  onInternalError?: (channel: string, error: unknown) => void;
}

const failure = (code: string, message: string): DispatchResult => ({
  ok: false,
  error: { code, message },
});

export function createDispatcher(handlers: IpcHandlers, options: DispatcherOptions = {}): Dispatch {
  return async (channel, rawRequest) => {
    if (!isIpcChannel(channel)) {
      return failure(DISPATCH_ERRORS.UNKNOWN_CHANNEL, `Unknown desktop channel "${channel}".`);
    }
    const schemas = ipcChannels[channel];
    // An omitted request means "no arguments" for channels that take an empty object.
    const parsed = schemas.request.safeParse(rawRequest === undefined ? {} : rawRequest);
    if (!parsed.success) {
      return failure(
        DISPATCH_ERRORS.INVALID_REQUEST,
        `${PRODUCT_ERRORS.INVALID_INPUT} (${channel}: ${z.prettifyError(parsed.error)})`,
      );
    }
    let response: unknown;
    try {
      const handler = handlers[channel] as IpcHandler<IpcChannel>;
      response = await handler(parsed.data as never);
    } catch (error) {
      if (error instanceof DesktopError) return failure(error.code, error.message);
      options.onInternalError?.(channel, error);
      return failure(DISPATCH_ERRORS.INTERNAL, `The desktop app could not complete "${channel}".`);
    }
    const checked = schemas.response.safeParse(response);
    if (!checked.success) {
      options.onInternalError?.(channel, checked.error);
      return failure(
        DISPATCH_ERRORS.INVALID_RESPONSE,
        `The desktop app gave an invalid answer to "${channel}".`,
      );
    }
    return { ok: true, response: checked.data };
  };
}
