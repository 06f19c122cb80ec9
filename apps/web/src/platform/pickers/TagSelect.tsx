import { useEffect, useState } from 'react';
import { Select, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { normalizeTag, tagsPerTicket } from '@casedesk/shared';
import { formatNumber } from '../format';
import { useTagSuggestions } from './ticket-options';
import './tag-select.css';

/** Tags as the server keeps them (the shared `normalizeTag`, once each, sorted), so the field shows what is saved. */
export const normalizedTags = (tags: readonly string[]) =>
  [...new Set(tags.map(normalizeTag).filter((tag) => tag !== ''))].sort();

type TagSelectProps = {
  value?: string[];
  onChange?: (tags: string[]) => void;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  loading?: boolean;
  className?: string;
  /** `responsive`: one line, the rest counted (a filter bar). */
  maxTagCount?: 'responsive';
  'aria-label'?: string;
};

/**
 * Tags typed freely or picked from the server's suggestions (the tags of the tickets the user sees, most used first,
 * with their counts). A comma ends a tag, as the server refuses commas in one.
 */
export function TagSelect({ value, onChange, disabled, loading, ...rest }: TagSelectProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState(false);
  // Ask the server once the typing pauses, not per key.
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(normalizeTag(typed)), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const suggestions = useTagSuggestions(keyword, open && !disabled);
  const counts = new Map((suggestions.data ?? []).map((s) => [s.name, s.count]));

  return (
    <Select<string[], { value: string; label: string }>
      {...rest}
      mode="tags"
      value={value ?? []}
      onChange={(tags) => onChange?.(normalizedTags(tags))}
      onOpenChange={setOpen}
      showSearch={{
        onSearch: setTyped,
        // The server matched its suggestions; the chosen tags antd lists too are kept only when they match as well.
        filterOption: (input, option) => !option || option.value.includes(normalizeTag(input)),
      }}
      tokenSeparators={[',']}
      maxCount={tagsPerTicket}
      maxTagTextLength={30}
      disabled={disabled}
      loading={loading || suggestions.isFetching}
      allowClear
      options={(suggestions.data ?? []).map((s) => ({ value: s.name, label: s.name }))}
      optionRender={(option) => (
        <span className="ticket-tag-option">
          <span>{option.label}</span>
          {counts.has(String(option.value)) && (
            <span className="ticket-tag-count" title={t('ticket.tags.count')}>
              {formatNumber(counts.get(String(option.value)) ?? 0)}
            </span>
          )}
        </span>
      )}
      notFoundContent={null}
    />
  );
}

/** A ticket's tags as chips; past `max` the rest are counted in a "+n" chip whose tooltip names them. */
export function TagChips({ tags, max = 3 }: { tags: readonly string[]; max?: number }) {
  if (tags.length === 0) return null;
  const shown = tags.slice(0, max);
  const rest = tags.slice(max);
  return (
    <span className="ticket-tag-chips">
      {shown.map((tag) => (
        <Tag key={tag} className="ticket-tag-chip" title={tag}>
          {tag}
        </Tag>
      ))}
      {rest.length > 0 && (
        <Tooltip title={rest.join(', ')}>
          <Tag className="ticket-tag-more">+{rest.length}</Tag>
        </Tooltip>
      )}
    </span>
  );
}
