import type { FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { z } from 'zod';
import {
  grantsToSend,
  ticketCreateSchema,
  type CustomValues,
  type TicketCreate,
  type TicketDetail,
} from '@casedesk/shared';
import { issueText } from '../../../platform/form-rules';
import type { Attachment } from '../../../platform/upload/AttachmentUploader';
import type { PickedTicket } from './TicketPickerModal';

type TicketBody = z.input<typeof ticketCreateSchema>;
/** The create body's fields the form shows as the body has them. */
type Shown =
  | 'subject'
  | 'content'
  | 'categoryId'
  | 'companyId'
  | 'businessUnit'
  | 'ticketType'
  | 'customer'
  | 'customerEmail'
  | 'telephone'
  | 'assignTo'
  | 'grantAccess'
  | 'tags';

/**
 * The ticket form's values: the create body's fields it shows; those with a default always hold one in the form; the
 * project picker starts empty; pickers' own shapes for the parent, the date and the files (`bodyOf` turns them back).
 */
export type TicketFormValues = Pick<TicketBody, Shown> &
  Required<Pick<TicketBody, 'priority' | 'ticketFrom' | 'privateTicket'>> & {
    projectId?: number;
    parentTicket?: PickedTicket | null;
    scheduledDate?: Dayjs | null;
    attachments?: Attachment[];
    /** Custom field values by key, as the API sends them (the form sends those of the chosen category). */
    customFields?: CustomValues;
  };

export const newTicketValues: Partial<TicketFormValues> = {
  priority: 'Medium',
  ticketFrom: 'Web',
  privateTicket: false,
  grantAccess: [],
  attachments: [],
  tags: [],
};

/** The shared schema's fields, for form rules. */
export const ticketFields = ticketCreateSchema.shape;

/** A shared-schema rule that lets an empty optional field through. */
export const optionalRule = (schema: z.ZodType): FormRule => ({
  validator: async (_rule, value: unknown) => {
    if (value === undefined || value === null || value === '') return;
    const result = schema.safeParse(value);
    if (!result.success) throw new Error(issueText(result.error.issues[0], undefined, value));
  },
});

export function valuesOf(ticket: TicketDetail): TicketFormValues {
  return {
    subject: ticket.subject,
    content: ticket.content,
    projectId: ticket.projectId,
    categoryId: ticket.categoryId,
    companyId: ticket.companyId,
    businessUnit: ticket.businessUnit,
    priority: ticket.priority,
    ticketType: ticket.ticketType,
    ticketFrom: ticket.ticketFrom,
    customer: ticket.customer,
    customerEmail: ticket.customerEmail,
    telephone: ticket.telephone,
    assignTo: ticket.assignTo,
    parentTicket: ticket.parent,
    privateTicket: ticket.privateTicket,
    grantAccess: ticket.grantAccess,
    tags: ticket.tags,
    scheduledDate: ticket.scheduledDate ? dayjs(ticket.scheduledDate) : null,
    attachments: ticket.files.map((f) => ({ fileId: f.fileId, name: f.name, size: f.size })),
    customFields: ticket.customFields as CustomValues,
  };
}

const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

export function bodyOf(values: TicketFormValues): TicketCreate {
  return {
    subject: values.subject.trim(),
    content: values.content ?? '',
    projectId: values.projectId!,
    categoryId: values.categoryId ?? null,
    companyId: values.companyId ?? null,
    businessUnit: text(values.businessUnit),
    priority: values.priority,
    ticketType: text(values.ticketType),
    ticketFrom: values.ticketFrom,
    customer: text(values.customer),
    customerEmail: text(values.customerEmail),
    telephone: text(values.telephone),
    assignTo: values.assignTo ?? null,
    parentTicket: values.parentTicket?.id ?? null,
    privateTicket: values.privateTicket,
    grantAccess: grantsToSend(values.privateTicket, values.grantAccess),
    attachments: (values.attachments ?? []).map((f) => f.fileId),
    scheduledDate: values.scheduledDate ? values.scheduledDate.toISOString() : null,
    ...(values.tags ? { tags: values.tags } : {}),
  };
}

/** The form's fields (and the status) that differ between two versions of a ticket: what a live change changed. */
export function changedFields(before: TicketDetail, after: TicketDetail): string[] {
  const was = { ...valuesOf(before), status: before.status } as Record<string, unknown>;
  const now = { ...valuesOf(after), status: after.status } as Record<string, unknown>;
  return Object.keys(now).filter((key) => JSON.stringify(was[key]) !== JSON.stringify(now[key]));
}
