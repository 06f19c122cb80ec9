import type { FormInstance } from 'antd';
import { ApiError } from '../../platform/http/client';
import { feedback } from '../../platform/feedback';
import { translateServerMessage } from '../../platform/server-messages';

/** Field problems go next to their fields; anything else becomes one error toast. */
export function showFailure(error: unknown, form?: FormInstance): void {
  if (!(error instanceof ApiError) || error.kind !== 'http' || error.status === 403) return;
  const fields = error.fieldErrors.filter((f) => f.field && form?.getFieldInstance(f.field) !== undefined);
  if (form && fields.length > 0) {
    form.setFields(fields.map((f) => ({ name: f.field, errors: [translateServerMessage(f.message)] })));
    return;
  }
  feedback.error(translateServerMessage(error.message));
}
