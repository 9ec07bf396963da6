/** A request's state on the integration screen (spec section 4: idle, loading, succeeded, failed). */
export type RequestState<T> =
  | { status: 'idle' }
  | { status: 'loading'; data?: T }
  | { status: 'succeeded'; data: T }
  | { status: 'failed'; error: string; data?: T };

export type RequestEvent<T> =
  | { type: 'start' }
  | { type: 'succeed'; data: T }
  | { type: 'fail'; error: string }
  | { type: 'reset' };

/** Keeps the last data while loading again or after a failure, so a table does not blank out. */
export function requestReducer<T>(state: RequestState<T>, event: RequestEvent<T>): RequestState<T> {
  const data = 'data' in state ? state.data : undefined;
  switch (event.type) {
    case 'start':
      return data === undefined ? { status: 'loading' } : { status: 'loading', data };
    case 'succeed':
      return { status: 'succeeded', data: event.data };
    case 'fail':
      return data === undefined
        ? { status: 'failed', error: event.error }
        : { status: 'failed', error: event.error, data };
    case 'reset':
      return { status: 'idle' };
  }
}
