/**
 * The CRMs signing in with a user name and password, as the CRM integrations screen offers them
 * (one PasswordSignInDialog, one "Connect"/"Reconnect" button and one on/off per connected row):
 * - provider two, SmartAdvocate: the firm's SmartAdvocate user name (or email) and password, and its
 *   SmartAdvocate address when it is not app.smartadvocate.com; turned on and off by its
 *   toggle_status. A refusal shows 'Authentication failed' or 'Network response was not ok'.
 * - provider three, ContactsLaw: the member's user name (or email) and password, and the address of
 *   the firm's ContactsLaw server (its REST API runs on the firm's own server, so there is no
 *   address to default to; the one used before is filled in); the LexDesk company goes in the
 *   body; turned on and off by its update-data-management. A refusal shows 'Failed to authenticate'
 *   or 'Network response was not ok'.
 */
import type { IntegrationView } from '../../../shared/crm';
import { ERRORS } from '../../../shared/errors';
import type { Connection } from '../workflows/rest';
import {
  signInContactsLaw,
  signInSmartAdvocate,
  toggleSmartAdvocate,
  updateContactsLawDataManagement,
} from './api';

export interface PasswordSignIn {
  email: string;
  password: string;
  crm_base_url?: string;
}

export interface PasswordCrm {
  crmType: string;
  /** The provider's name in the dialog's title, the buttons and the toasts. */
  name: string;
  /** The fields' id prefix. */
  idPrefix: string;
  /** The dialog's first line. */
  intro: string;
  address: {
    label: string;
    helperText: string;
    placeholder: string;
    /** Sign-in stays disabled without one. */
    required: boolean;
    /** The address of an earlier sign-in is filled in. */
    remembered: boolean;
  };
  /** Shown when a refused sign-in carries no message of its own. */
  refusal: string;
  signIn(c: Connection, companyId: string, input: PasswordSignIn): Promise<IntegrationView>;
  setActive(c: Connection, companyId: string, isActive: boolean): Promise<IntegrationView>;
}

export const SMARTADVOCATE_SIGN_IN: PasswordCrm = {
  crmType: 'smartadvocate',
  name: 'SmartAdvocate',
  idPrefix: 'sa',
  intro: 'Sign in as the SmartAdvocate user LexDesk should work as.',
  address: {
    label: 'SmartAdvocate address',
    helperText: 'Leave empty for https://app.smartadvocate.com.',
    placeholder: 'https://app.smartadvocate.com',
    required: false,
    remembered: false,
  },
  refusal: ERRORS.AUTHENTICATION_FAILED,
  signIn: signInSmartAdvocate,
  setActive: toggleSmartAdvocate,
};

export const CONTACTSLAW_SIGN_IN: PasswordCrm = {
  crmType: 'contactslaw',
  name: 'ContactsLaw',
  idPrefix: 'cl',
  intro: 'Sign in as the ContactsLaw member LexDesk should work as. LexDesk reads their matters.',
  address: {
    label: 'ContactsLaw server address',
    helperText:
      "The address of the firm's ContactsLaw REST API, e.g. https://contactslaw.yourfirm.com.au:8886.",
    placeholder: 'https://',
    required: true,
    remembered: true,
  },
  refusal: ERRORS.FAILED_TO_AUTHENTICATE,
  signIn: (c, companyId, input) => signInContactsLaw(c, { ...input, company_id: companyId }),
  setActive: updateContactsLawDataManagement,
};

/** In the order of their buttons. */
export const PASSWORD_CRMS = [CONTACTSLAW_SIGN_IN, SMARTADVOCATE_SIGN_IN];
