import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Macro, MacroApply, Page, TicketOutcome } from '@casedesk/shared';
import { resourceApi, resourceKeys } from '../crud/resource-api';
import { http } from '../http/client';

export const macroApi = resourceApi<Macro>('Macro');

/** The macros the caller may apply (their own and those shared with them), by name. */
export function useMacroChoices(enabled = true) {
  return useQuery({
    queryKey: resourceKeys('Macro').of('choices'),
    queryFn: () => http.post<Page<Macro>>('/api/Macro/Query', { page: 1, pageSize: 500 }),
    select: (page) => page.items,
    enabled,
    staleTime: 30_000,
  });
}

/** Applies a macro; the answer is an outcome per ticket. Tickets change whatever the outcomes: their lists refresh. */
export function useApplyMacro() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MacroApply) => http.post<TicketOutcome[]>('/api/Macro/Apply', body),
    onSettled: () => void client.invalidateQueries({ queryKey: resourceKeys('Ticket').all }),
  });
}
