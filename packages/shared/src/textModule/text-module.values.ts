/** Who a canned reply is for: one interface language, or every one (zod-free: the value labels read it). */
export const textModuleLanguages = ['all', 'en', 'zh-cn', 'zh-tw'] as const;
export type TextModuleLanguage = (typeof textModuleLanguages)[number];

/** What the caller may do with a canned reply (`actions[]` of each row). */
export const textModuleActions = ['edit', 'delete'] as const;
export type TextModuleAction = (typeof textModuleActions)[number];
