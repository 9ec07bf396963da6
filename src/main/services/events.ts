/**
 * Events from the main-process services to every connected renderer (`ipcEvents` in the
 * contract). Electron forwards them to its windows, the headless host to its WebSocket clients.
 * Payloads are validated on emit, so a listener only ever sees contract-shaped data.
 */
import { ipcEvents, type IpcEvent, type IpcEventPayload } from '../../shared/ipc/contract';

export interface EmittedEvent {
  event: IpcEvent;
  payload: unknown;
}

export interface EventHub {
  emit<E extends IpcEvent>(event: E, payload: IpcEventPayload<E>): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: (message: EmittedEvent) => void): () => void;
}

export function createEventHub(): EventHub {
  const listeners = new Set<(message: EmittedEvent) => void>();
  return {
    emit(event, payload) {
      const checked: unknown = ipcEvents[event].parse(payload);
      for (const listener of [...listeners]) listener({ event, payload: checked });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
