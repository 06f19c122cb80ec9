import {
  checkCustomValues,
  type CatalogField,
  type CatalogItem,
  type CatalogSubmit,
  type CustomFieldDefinition,
  type CustomFieldLanguage,
  type CustomValueProblem,
  type RequestTypeCreate,
} from '@casedesk/shared';

/** What the request form holds: the project, the subject, the answers by field key and the attached files. */
export type CatalogFormValues = {
  projectId?: number;
  subject?: string;
  values?: Record<string, unknown>;
  attachments?: { fileId: number }[];
};

/** The form's fields in the order the request type gives them. */
export const orderedFields = (fields: readonly CatalogField[]) => [...fields].sort((a, b) => a.order - b.order);

/** The same check the server makes on submit (`checkCustomValues`), worded in `language`. */
export function catalogProblems(
  item: Pick<CatalogItem, 'fields' | 'categoryId'>,
  values: Record<string, unknown>,
  language: CustomFieldLanguage,
): CustomValueProblem[] {
  return checkCustomValues(item.fields, values, { categoryId: item.categoryId, language }).problems;
}

/** The body of `Catalog/Submit`: empty answers and an empty subject are left out. */
export function submitBody(item: Pick<CatalogItem, 'id'>, form: CatalogFormValues): CatalogSubmit {
  const values = Object.fromEntries(
    Object.entries(form.values ?? {}).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  ) as CatalogSubmit['values'];
  const subject = form.subject?.trim();
  return {
    requestTypeId: item.id,
    projectId: form.projectId!,
    ...(subject ? { subject } : {}),
    values,
    attachments: (form.attachments ?? []).map((file) => file.fileId),
  };
}

/** The form item a server refusal names: a field's answer arrives as `values.<key>` (or `customFields.<key>`). */
export function formItemOf(field: string): string | string[] {
  const answer = /^(?:values|customFields)\.(.+)$/.exec(field);
  return answer ? ['values', answer[1]!] : field;
}

type EditorValues = Partial<Pick<RequestTypeCreate, 'name' | 'description' | 'icon' | 'categoryId'>> & {
  fields?: { key?: string; required?: boolean }[];
};

/**
 * The catalog item a request type being edited will be: the chosen fields (known definitions only) in the editor's
 * order, required when the definition or this form says so, as the server lists it in `GET Catalog`.
 */
export function previewItem(
  values: EditorValues,
  definitions: readonly CustomFieldDefinition[],
  projects: CatalogItem['projects'],
): CatalogItem {
  const byKey = new Map(definitions.map((d) => [d.key, d]));
  const fields = (values.fields ?? []).flatMap((field, order) => {
    const def = field.key ? byKey.get(field.key) : undefined;
    return def ? [{ ...def, required: def.required || Boolean(field.required), order }] : [];
  });
  const blank = { en: '', 'zh-cn': '', 'zh-tw': '' };
  return {
    id: 0,
    name: { ...blank, ...values.name },
    description: { ...blank, ...values.description },
    icon: values.icon ?? 'question',
    categoryId: values.categoryId ?? 0,
    categoryName: null,
    projects,
    fields,
    approval: false,
  };
}

/** The catalog's items by category, in the order the server lists them (a category's first item places it). */
export function byCategory(items: readonly CatalogItem[], otherName: string) {
  const groups = new Map<string, { name: string; items: CatalogItem[] }>();
  for (const item of items) {
    const key = String(item.categoryId);
    const group = groups.get(key) ?? { name: item.categoryName ?? otherName, items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * The items whose name or description holds every word typed, in any of the three languages (the catalog is
 * small and loaded whole: the search answers as one types, without a call per key).
 */
export function matching(items: readonly CatalogItem[], keyword: string) {
  const words = keyword.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const text = [...Object.values(item.name), ...Object.values(item.description)].join(' ').toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
