import { useQuery } from '@tanstack/react-query';
import type { Category, Company, Industry, Page, Project, TicketListItem, User, UserGroupNode } from '@casedesk/shared';
import { resourceKeys } from '../crud/resource-api';
import { http } from '../http/client';
import { usePermissions } from '../permission';
import type { Option } from './RemoteSelect';
import { userLabel } from './user-names';

const firstMatches = (name: string, keyword: string, extra: Record<string, unknown> = {}) =>
  http.post<Page<{ id: number }>>(`/api/${name}/Query`, {
    page: 1,
    pageSize: 20,
    ...extra,
    ...(keyword ? { keyword } : {}),
  });

/** Active users (or users of any status), for pickers. */
export async function searchUsers(keyword: string, { anyStatus = false } = {}): Promise<Option[]> {
  const page = (await firstMatches('User', keyword, anyStatus ? {} : { status: 'Active' })) as Page<User>;
  return page.items.map((u) => ({ value: u.id, label: userLabel(u) }));
}

export async function searchProjects(keyword: string): Promise<Option[]> {
  const page = (await firstMatches('Project', keyword)) as Page<Project>;
  return page.items.map((p) => ({ value: p.id, label: `${p.projectCode} · ${p.projectName}` }));
}

export async function searchCompanies(keyword: string): Promise<Option[]> {
  const page = (await firstMatches('Company', keyword)) as Page<Company>;
  return page.items.map((c) => ({ value: c.id, label: `${c.code} · ${c.name}` }));
}

export async function searchIndustries(keyword: string): Promise<Option[]> {
  const page = (await firstMatches('Industry', keyword)) as Page<Industry>;
  return page.items.map((i) => ({ value: i.id, label: `${i.code} · ${i.name}` }));
}

/** Categories, only those offered in `projectId` when one is given. */
export async function searchCategories(keyword: string, projectId?: number | null): Promise<Option[]> {
  const page = (await firstMatches('Category', keyword, projectId ? { projectId } : {})) as Page<Category>;
  return page.items.map((c) => ({ value: c.id, label: `${c.categoryCode} · ${c.categoryDescription}` }));
}

/** Tickets the user may see, by case number or text (the e-mail screens link mails to them). */
export async function searchTickets(keyword: string): Promise<Option[]> {
  const page = (await firstMatches('Ticket', keyword, { pageSize: 10 })) as Page<TicketListItem>;
  return page.items.map((ticket) => ({ value: ticket.id, label: ticketLabel(ticket) }));
}

export const ticketLabel = (ticket: Pick<TicketListItem, 'caseNumber' | 'subject'>) =>
  ticket.subject ? `${ticket.caseNumber} · ${ticket.subject}` : ticket.caseNumber;

/** One record by id (e.g. the chosen value of a picker), only when the user may see that resource. */
export function useRecord<Item>(name: string, permission: string, id: number | null | undefined) {
  const { has } = usePermissions();
  return useQuery({
    queryKey: resourceKeys(name).of('one', id),
    queryFn: () => http.get<Item>(`/api/${name}/Get/${id}`, undefined, { quiet: true }),
    enabled: typeof id === 'number' && has(permission),
    retry: false,
    staleTime: 60_000,
  });
}

export const useUser = (id: number | null | undefined) => useRecord<User>('User', 'user:view', id);

/** The user-group tree (for the group screen and pickers). */
export function useGroupTree(enabled = true) {
  const { has } = usePermissions();
  return useQuery({
    queryKey: resourceKeys('UserGroup').of('tree'),
    queryFn: () => http.get<UserGroupNode[]>('/api/UserGroup/Tree'),
    enabled: enabled && has('userGroup:view'),
  });
}
