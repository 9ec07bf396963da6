/**
 * File modes for everything LexDesk writes that holds client data or secrets (stored documents,
 * upload staging, temporary copies, logs, the desktop's queue and cache): owner only. Node applies
 * the process umask on top, which can only take bits away.
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;
/** Group and other bits: none may be set on a private file or folder. */
export const NOT_OWNER_BITS = 0o077;
/** Process umask for the server, the host and the desktop: new files are owner-only by default. */
export const PRIVATE_UMASK = 0o077;
