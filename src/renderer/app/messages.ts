/**
 * User-facing texts the renderer needs that neither spec nor PRODUCT_ERRORS words (load failures
 * of lists the spec gives no message for, upload and connection states). Kept in one place so they
 * can move into src/shared/errors.ts PRODUCT_ERRORS together.
 */
export const MESSAGES = {
  FETCH_NOTIFICATIONS_FAILED: 'Failed to fetch notifications',
  MARK_NOTIFICATION_READ_FAILED: 'Failed to mark the notification as read',
  MARK_ALL_NOTIFICATIONS_READ_FAILED: 'Failed to mark all notifications as read',
  FETCH_USERS_FAILED: 'Failed to fetch users',
  UPDATE_COMPANY_FAILED: 'Failed to update the company',
  SIGN_IN_FAILED: 'Signing in failed. Please try again.',
  SET_UP_FAILED: 'Creating the company failed. Please try again.',
  SAVE_SESSION_FAILED: 'Signed in, but this device could not keep the session. Please try again.',
  PASSWORDS_DIFFER: 'The passwords do not match.',
  UPDATE_SETTINGS_FAILED: 'Failed to update the settings of this device',
} as const;
