/**
 * Pieces both bridge transports share: the error a failed call rejects with, the event listener
 * registry, and the builder that turns "call a channel" into the named-method DesktopApi object
 * (window.desktop.<namespace>.<method>(request)) described by the IPC contract.
 */
import {
  channelParts,
  ipcChannels,
  type DesktopApi,
  type IpcChannel,
  type IpcEvent,
  type IpcEventPayload,
} from '../../shared/ipc/contract';

/** Messages of failures that happen in the bridge itself (the contract's IpcError shape). */
export const BRIDGE_MESSAGES = {
  BRIDGE_DISCONNECTED: 'The connection to the LexDesk desktop service was lost. Please try again.',
  BRIDGE_TIMEOUT: 'The LexDesk desktop service did not answer in time. Please try again.',
} as const;

/** A failed bridge call: `code` is a catalogue code or a BRIDGE_MESSAGES key. */
export class BridgeError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'BridgeError';
    this.code = code;
  }
}

type AnyListener = (payload: never) => void;

export interface Listeners {
  on: DesktopApi['on'];
  emit<E extends IpcEvent>(event: E, payload: IpcEventPayload<E>): void;
}

export function createListeners(): Listeners {
  const byEvent = new Map<IpcEvent, Set<AnyListener>>();
  return {
    on(event, listener) {
      const set = byEvent.get(event) ?? new Set<AnyListener>();
      byEvent.set(event, set);
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    emit(event, payload) {
      for (const listener of byEvent.get(event) ?? []) {
        try {
          (listener as (value: typeof payload) => void)(payload);
        } catch (error) {
          console.error(`[bridge] a ${event} listener failed`, error);
        }
      }
    },
  };
}

/**
 * Builds the DesktopApi object from one `call` function. Every channel of the contract becomes a
 * method, so a channel added to the contract is available here without further code; `call`
 * validates requests and responses with the channel's schemas, which is what backs the types.
 */
export function buildDesktopApi(
  call: (channel: IpcChannel, request: unknown) => Promise<unknown>,
  on: DesktopApi['on'],
): DesktopApi {
  const api: Record<string, Record<string, (request: unknown) => Promise<unknown>>> = {};
  for (const channel of Object.keys(ipcChannels) as IpcChannel[]) {
    const [namespace, method] = channelParts(channel);
    const methods = api[namespace] ?? {};
    api[namespace] = methods;
    methods[method] = (request: unknown) => call(channel, request);
  }
  return Object.assign(api, { on }) as unknown as DesktopApi;
}
