import { useMemo } from 'react';
import { RemoteSelect } from '../../../platform/pickers/RemoteSelect';
import { searchTickets, ticketLabel } from '../../../platform/pickers/lookups';

export type LinkedTicket = { id: number; caseNumber: string; subject?: string };

/** A linked ticket as a form control: type a case number or words, pick one of the tickets the user may see. */
export function TicketField({
  value,
  onChange,
  className,
  id,
  placeholder,
}: {
  value?: LinkedTicket | null;
  onChange?: (value: LinkedTicket | null) => void;
  className?: string;
  id?: string;
  placeholder?: string;
}) {
  const known = useMemo(
    () =>
      value
        ? [{ value: value.id, label: ticketLabel({ caseNumber: value.caseNumber, subject: value.subject ?? '' }) }]
        : [],
    [value],
  );
  return (
    <div className={className} style={{ width: '100%' }}>
      <RemoteSelect
        id={id}
        queryKey={['Ticket', 'options']}
        search={searchTickets}
        known={known}
        value={value?.id ?? null}
        placeholder={placeholder}
        onChange={(next, label) => {
          if (typeof next !== 'number') return onChange?.(null);
          // The label is "case number · subject" (ticketLabel).
          const [caseNumber, ...subject] = (label ?? `#${next}`).split(' · ');
          onChange?.({ id: next, caseNumber: caseNumber ?? `#${next}`, subject: subject.join(' · ') });
        }}
      />
    </div>
  );
}
