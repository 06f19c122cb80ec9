import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { industryMessages, menuMessages, regionMessages } from '@casedesk/shared';
import { ApiError } from '../../../platform/http/client';
import { translateServerMessage } from '../../../platform/server-messages';

const fixedTexts = new Map<string, string>([
  [menuMessages.parentUnknown, 'menuParentUnknown'],
  [menuMessages.parentCycle, 'menuParentCycle'],
  [menuMessages.linkRequired, 'menuLinkRequired'],
  [menuMessages.apiUnknown, 'menuApiUnknown'],
  [regionMessages.parentUnknown, 'regionParentUnknown'],
  [regionMessages.parentCycle, 'regionParentCycle'],
  [industryMessages.parentUnknown, 'industryParentUnknown'],
  [industryMessages.parentCycle, 'industryParentCycle'],
]);
const countedTexts: [RegExp, string][] = [
  [/^The menu has (\d+) sub-menu\(s\); delete or move them first\.$/, 'menuHasChildren'],
  [/^The region has (\d+) sub-region\(s\); delete them first\.$/, 'regionHasChildren'],
  [/^The region is used by (\d+) compan(?:y|ies); change them first\.$/, 'regionUsed'],
  [/^The industry has (\d+) sub-industr(?:y|ies); delete or move them first\.$/, 'industryHasChildren'],
  [/^The industry is used by (\d+) compan(?:y|ies); change them first\.$/, 'industryUsed'],
];
const namedTexts: [RegExp, string][] = [
  [/^Another menu is already named '(.+)'\.$/, 'menuNameTaken'],
  [/^Another menu already has the path '(.+)'\.$/, 'menuPathTaken'],
];

/** Which `system.serverText` key (and values) a server text of this area is, if it is one. */
export function systemTextKey(message: string): { key: string; values?: Record<string, string | number> } | null {
  const fixed = fixedTexts.get(message);
  if (fixed) return { key: fixed };
  for (const [pattern, key] of countedTexts) {
    const match = pattern.exec(message);
    if (match) return { key, values: { count: Number(match[1]) } };
  }
  for (const [pattern, key] of namedTexts) {
    const match = pattern.exec(message);
    if (match) return { key, values: { name: match[1]! } };
  }
  return null;
}

/** The server's texts in the user's language where the app knows them (this area's refusals included). */
export function useServerText() {
  const { t } = useTranslation();
  return (message: string) => {
    const known = systemTextKey(message);
    return known ? t(`system.serverText.${known.key}`, known.values) : translateServerMessage(message);
  };
}

/** Delete with a confirmation; a refusal (409, record in use) is shown as the server's message with Ok. */
export function useConfirmDelete() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const text = useServerText();
  return (name: string, remove: () => Promise<unknown>) =>
    modal.confirm({
      title: t('system.common.deleteTitle'),
      content: t('system.common.deleteText', { name }),
      okText: t('system.common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await remove();
          void message.success(t('system.common.deleted'));
        } catch (error) {
          if (!(error instanceof ApiError) || error.kind !== 'http' || error.status === 403) return;
          if (error.status === 409)
            modal.warning({
              title: t('system.common.deleteRefused'),
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
        title: t('system.common.staleTitle'),
        content: text(error.message),
        okText: t('system.common.reload'),
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
