import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/http/client';
import { translateServerMessage } from '../../../platform/server-messages';

export const inUsePattern =
  /^This (company|project|category) is already applied to (\d+) ticket\(s\) and cannot be deleted\. Click Ok to cancel\.$/;

/** The server's texts in the user's language, including the "already applied to N tickets" refusal. */
export function useServerText() {
  const { t } = useTranslation();
  return (message: string) => {
    const inUse = inUsePattern.exec(message);
    if (inUse) return t('masterData.inUse', { label: t(`masterData.labels.${inUse[1]}`), count: Number(inUse[2]) });
    return translateServerMessage(message);
  };
}

/** Delete with a confirmation; a refusal (409, record in use) is shown as the server's message with Ok. */
export function useConfirmDelete() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const text = useServerText();
  return (name: string, remove: () => Promise<unknown>) =>
    modal.confirm({
      title: t('masterData.deleteTitle'),
      content: t('masterData.deleteText', { name }),
      okText: t('masterData.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await remove();
          void message.success(t('masterData.deleted'));
        } catch (error) {
          if (!(error instanceof ApiError) || error.kind !== 'http' || error.status === 403) return;
          if (error.status === 409)
            modal.warning({
              title: t('masterData.deleteRefused'),
              content: text(error.message),
              okText: t('common.ok'),
            });
          else void message.error(text(error.message));
        }
      },
    });
}

/** A failed save: field errors next to their fields, a stale record offers a reload, anything else a toast. */
export function useSaveFailure() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const text = useServerText();
  return (error: unknown, form: FormInstance, reload: (() => void) | null) => {
    if (!(error instanceof ApiError) || error.kind !== 'http' || error.status === 403) return;
    if (error.status === 409 && reload) {
      modal.confirm({
        title: t('masterData.staleTitle'),
        content: text(error.message),
        okText: t('masterData.reload'),
        cancelText: t('common.cancel'),
        onOk: reload,
      });
      return;
    }
    const fields = error.fieldErrors.filter((f) => f.field && form.getFieldInstance(f.field) !== undefined);
    if (fields.length > 0) {
      form.setFields(fields.map((f) => ({ name: f.field, errors: [text(f.message)] })));
      return;
    }
    void message.error(text(error.message));
  };
}
