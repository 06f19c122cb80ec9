import {
  useConfirmDelete as confirmDelete,
  useSaveFailure as saveFailure,
  useServerText as serverText,
  type AreaText,
} from './failure';

export const inUsePattern =
  /^This (company|project|category) is already applied to (\d+) ticket\(s\) and cannot be deleted\. Click Ok to cancel\.$/;

/** The "already applied to N tickets" refusal of companies, projects and categories, in the user's language. */
export const masterDataText: AreaText = (message, t) => {
  const inUse = inUsePattern.exec(message);
  return inUse ? t('masterData.inUse', { label: t(`masterData.labels.${inUse[1]}`), count: Number(inUse[2]) }) : null;
};

export const useServerText = () => serverText(masterDataText);
export const useConfirmDelete = () => confirmDelete(masterDataText);
export const useSaveFailure = () => saveFailure(masterDataText);
