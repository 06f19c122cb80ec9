import type { FormInstance } from 'antd';
import { messages } from '@casedesk/shared';
import { ApiError } from '../../../platform/http/client';
import { feedback } from '../../../platform/feedback';
import { translateServerMessage } from '../../../platform/server-messages';

/** A 409 because someone else saved the record first (the rowVersion we sent is stale). */
export const isStale = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.message === messages.staleRowVersion;

/**
 * Field problems go next to their fields; a stale record shows the server's message and calls `onStale`
 * (which reloads it); anything else becomes one error toast. 403 and session ends were shown already.
 */
export function showFailure(error: unknown, form?: FormInstance, onStale?: () => void): void {
  if (!(error instanceof ApiError) || error.kind !== 'http' || error.status === 403) return;
  if (isStale(error)) {
    feedback.warning(translateServerMessage(error.message));
    onStale?.();
    return;
  }
  const fields = error.fieldErrors.filter((f) => f.field && form?.getFieldInstance(f.field) !== undefined);
  if (form && fields.length > 0) {
    form.setFields(fields.map((f) => ({ name: f.field, errors: [translateServerMessage(f.message)] })));
    return;
  }
  feedback.error(translateServerMessage(error.message));
}
