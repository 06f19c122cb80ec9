import { allPermissionCodes } from '@casedesk/shared';

/**
 * Sending is `email:send` (an extra action of the e-mail module); until that code exists, creating a mail is what
 * lets one send it, as the server then checks.
 */
export const canSendWith = (has: (code: string) => boolean) =>
  (allPermissionCodes as string[]).includes('email:send') ? has('email:send') : has('email:create');
