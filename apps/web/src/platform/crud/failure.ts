import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../http/client';
import { translateServerMessage, type ServerText } from '../server-messages';

/** A save refused because the record changed meanwhile: known by the message's key, never by its English text. */
export const isStaleRowVersion = (error: ApiError) =>
  error.status === 409 && error.messageKey === 'common.staleRowVersion';

/** The server's texts in the user's language (by their message key, English otherwise); re-renders on a change of language. */
export function useServerText() {
  useTranslation();
  return (source: string | ServerText) => translateServerMessage(source);
}

/** Delete with a confirmation; a refusal (409, record in use) is shown as the server's message with Ok. */
export function useConfirmDelete() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const text = useServerText();
  return (name: string, remove: () => Promise<unknown>) =>
    modal.confirm({
      title: t('crud.deleteTitle'),
      content: t('crud.deleteText', { name }),
      okText: t('crud.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await remove();
          void message.success(t('crud.deleted'));
        } catch (error) {
          if (!(error instanceof ApiError) || error.kind !== 'http' || error.status === 403) return;
          if (error.status === 409)
            modal.warning({
              title: t('crud.deleteRefused'),
              content: text(error),
              okText: t('common.ok'),
            });
          else void message.error(text(error));
        }
      },
    });
}

/** The outcome of a row's action (lock, restore, make default ...): a success toast, or the server's refusal. */
export function useActionFeedback() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const text = useServerText();
  return (successText?: string) => ({
    onSuccess: () => void message.success(successText ?? t('server.operationSuccessful')),
    onError: (error: unknown) => {
      if (!(error instanceof ApiError) || error.kind !== 'http' || error.status === 403) return;
      void message.error(text(error));
    },
  });
}

/** A failed save: field errors next to their fields, a stale record offers a reload, anything else a toast. */
export function useSaveFailure() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const text = useServerText();
  return (error: unknown, form: FormInstance | undefined, reload: (() => void) | null) => {
    if (!(error instanceof ApiError) || error.kind !== 'http' || error.status === 403) return;
    // Only a stale rowVersion offers the reload; other 409s (a name taken, an item still used) say what is wrong.
    if (reload && isStaleRowVersion(error)) {
      modal.confirm({
        title: t('crud.staleTitle'),
        content: text(error),
        okText: t('crud.reload'),
        cancelText: t('common.cancel'),
        onOk: reload,
      });
      return;
    }
    const fields = form ? error.fieldErrors.flatMap((f) => placeFieldError(form, f.field, text(f))) : [];
    if (form && fields.length > 0) {
      form.setFields(fields);
      return;
    }
    void message.error(text(error));
  };
}

/**
 * Where a server field error shows: on its field, or for a nested path the form has no field for
 * (`jobParams.keepDays` when the form edits `jobParams` as a whole) on the closest field above it, naming the rest.
 */
function placeFieldError(form: FormInstance, field: string | undefined, message: string) {
  const parts = field ? field.split('.') : [];
  for (let depth = parts.length; depth > 0; depth--) {
    const name = parts.slice(0, depth).join('.');
    if (form.getFieldInstance(name) === undefined) continue;
    const rest = parts.slice(depth).join('.');
    return [{ name, errors: [rest ? `${rest}: ${message}` : message] }];
  }
  return [];
}
