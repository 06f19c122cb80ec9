import type { ImportReason } from './import.table.js';

/**
 * The import's own messages in the three languages (the web's `messages.import.*` has the same texts), for
 * the error file, which is written in the starter's language. Other modules' refusals stay as the server
 * has them.
 */
export const importTexts: Record<'en' | 'zh-cn' | 'zh-tw', Record<string, string>> = {
  en: {
    matchRequired: 'Update and Upsert need at least one match condition.',
    inactive: 'This import definition is inactive.',
    emptyFile: 'The file has no data rows.',
    notXlsx: 'The file is not a readable xlsx workbook.',
    workbookTooBig: 'The workbook expands to more than the allowed size; it was not read.',
    runFinished: 'The run has already finished.',
    errorColumn: 'Error',
    noCreatePermission: 'You may not create records of this kind.',
    noEditPermission: 'You may not edit records of this kind.',
    noMatch: 'No record matches this row.',
    unknownField: "'{{field}}' is not a field of the target.",
    notMatchable: "'{{field}}' cannot identify a row.",
    unknownColumn: "The file has no column '{{column}}'.",
    sheetNotFound: "The workbook has no sheet '{{sheet}}'.",
    tooManyRows: 'The file has more than {{max}} data rows.',
    badEncoding: 'The file is not valid {{encoding}} text; choose its encoding.',
    formulaWithoutResult: 'Cell {{cell}} holds a formula without a saved result; save the workbook in Excel first.',
    duplicateRow: 'Duplicate of row {{row}}.',
    matchValueMissing: '{{field}} is empty.',
    referenceNotFound: "{{field}}: '{{value}}' was not found.",
    referenceAmbiguous: "{{field}}: '{{value}}' names more than one record; use its code.",
    invalidValue: '{{field}}: {{reason}}',
  },
  'zh-cn': {
    matchRequired: '更新和更新或插入至少需要一个匹配条件。',
    inactive: '此导入定义已停用。',
    emptyFile: '文件中没有数据行。',
    notXlsx: '文件不是可读取的 xlsx 工作簿。',
    workbookTooBig: '工作簿解压后超过允许的大小，未读取。',
    runFinished: '此次运行已经结束。',
    errorColumn: '错误',
    noCreatePermission: '您无权新建此类记录。',
    noEditPermission: '您无权编辑此类记录。',
    noMatch: '没有与此行匹配的记录。',
    unknownField: '“{{field}}”不是目标的字段。',
    notMatchable: '“{{field}}”不能用于识别行。',
    unknownColumn: '文件中没有“{{column}}”列。',
    sheetNotFound: '工作簿中没有工作表“{{sheet}}”。',
    tooManyRows: '文件的数据行超过 {{max}} 行。',
    badEncoding: '文件不是有效的 {{encoding}} 文本，请选择其编码。',
    formulaWithoutResult: '单元格 {{cell}} 的公式没有保存的结果，请先在 Excel 中保存工作簿。',
    duplicateRow: '与第 {{row}} 行重复。',
    matchValueMissing: '{{field}}为空。',
    referenceNotFound: '{{field}}：未找到“{{value}}”。',
    referenceAmbiguous: '{{field}}：“{{value}}”对应多条记录，请使用其编码。',
    invalidValue: '{{field}}：{{reason}}',
  },
  'zh-tw': {
    matchRequired: '更新和更新或插入至少需要一個比對條件。',
    inactive: '此匯入定義已停用。',
    emptyFile: '檔案中沒有資料列。',
    notXlsx: '檔案不是可讀取的 xlsx 活頁簿。',
    workbookTooBig: '活頁簿解壓縮後超過允許的大小，未讀取。',
    runFinished: '此次執行已經結束。',
    errorColumn: '錯誤',
    noCreatePermission: '您無權新增此類記錄。',
    noEditPermission: '您無權編輯此類記錄。',
    noMatch: '沒有與此列相符的記錄。',
    unknownField: '「{{field}}」不是目標的欄位。',
    notMatchable: '「{{field}}」不能用於識別列。',
    unknownColumn: '檔案中沒有「{{column}}」欄。',
    sheetNotFound: '活頁簿中沒有工作表「{{sheet}}」。',
    tooManyRows: '檔案的資料列超過 {{max}} 列。',
    badEncoding: '檔案不是有效的 {{encoding}} 文字，請選擇其編碼。',
    formulaWithoutResult: '儲存格 {{cell}} 的公式沒有儲存的結果，請先在 Excel 中儲存活頁簿。',
    duplicateRow: '與第 {{row}} 列重複。',
    matchValueMissing: '{{field}}為空。',
    referenceNotFound: '{{field}}：找不到「{{value}}」。',
    referenceAmbiguous: '{{field}}：「{{value}}」對應多筆記錄，請使用其代碼。',
    invalidValue: '{{field}}：{{reason}}',
  },
};

export type ImportLanguage = keyof typeof importTexts;
export const languageOf = (language: string | null | undefined): ImportLanguage =>
  language === 'zh-cn' || language === 'zh-tw' ? language : 'en';

/** A reason in a language: the import's own keys translated, other texts as they are. */
export function reasonText(reason: ImportReason, language: ImportLanguage): string {
  if ('text' in reason) return reason.text;
  const name = reason.key.replace(/^import\./, '');
  const template = importTexts[language][name] ?? importTexts.en[name] ?? reason.key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(reason.values?.[key] ?? ''));
}
