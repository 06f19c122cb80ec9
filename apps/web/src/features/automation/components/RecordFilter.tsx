import { resourceKeys } from '../../../platform/crud/resource-api';
import { RemoteSelect, type Option } from '../../../platform/pickers/RemoteSelect';

/** A list filter choosing one record by search (a trigger, a webhook, a ticket). */
export function RecordFilter({
  resource,
  search,
  value,
  onChange,
  placeholder,
}: {
  resource: string;
  search: (keyword: string) => Promise<Option[]>;
  value: unknown;
  onChange: (id: number | undefined) => void;
  placeholder: string;
}) {
  return (
    <div className="automation-filter" style={{ width: 220 }}>
      <RemoteSelect
        queryKey={resourceKeys(resource).of('filter')}
        search={search}
        value={typeof value === 'number' ? value : null}
        onChange={(next) => onChange(typeof next === 'number' ? next : undefined)}
        placeholder={placeholder}
        allowClear
      />
    </div>
  );
}
