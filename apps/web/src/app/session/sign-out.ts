import type { LogoutResult } from '@casedesk/shared';
import { clearSession, getToken } from '../../platform/auth-store';
import { http } from '../../platform/http/client';
import { clearTags } from '../layout/tags-store';

let intentional = false;

/** True once after a deliberate sign-out: the sign-in page then opens without a way back. */
export function consumeIntentionalSignOut(): boolean {
  const was = intentional;
  intentional = false;
  return was;
}

/**
 * Signs out on purpose: the server ends the session, this browser forgets it; a single sign-on session then goes
 * through the provider's end-session page too (which sends the browser back to the sign-in page).
 */
export function signOut(): void {
  intentional = true;
  const token = getToken();
  if (token)
    void http
      .post<LogoutResult>('/api/token/Logout', {}, { token, quiet: true })
      .then((result) => {
        if (result?.endSessionUrl) window.location.assign(result.endSessionUrl);
      })
      .catch(() => undefined);
  clearTags();
  clearSession();
}
