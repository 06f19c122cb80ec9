import { useEffect, useRef } from 'react';
import type { FormInstance } from 'antd';

/**
 * Fills a form from `source` when `source` changes (a load, a save, a refetch with new data) — not when a
 * kept-alive page is shown again: React's Activity re-runs effects on every re-show, and a plain
 * `useEffect(() => form.setFieldsValue(...))` would wipe what the user had typed before switching tabs.
 */
export function useFormFill<S, V>(form: FormInstance<V>, source: S | undefined, toValues: (source: S) => unknown) {
  const filledFrom = useRef<S | undefined>(undefined);
  const latest = useRef(toValues);
  latest.current = toValues;
  useEffect(() => {
    if (source === undefined || source === filledFrom.current) return;
    filledFrom.current = source;
    form.setFieldsValue(latest.current(source) as Parameters<FormInstance<V>['setFieldsValue']>[0]);
  }, [form, source]);
}
