import { useState } from 'react';
import { Grid, Table, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { ListCards } from './ListCards';

/**
 * The table of a list screen: antd's Table, and below 768 px (antd's md), where its columns do not fit, the same
 * rows as cards (ListCards). Every list that renders it turns to cards on a phone at once.
 */
export function ListTable<Item extends object>(props: TableProps<Item>) {
  // `false` only once measured, so a desktop never draws the cards first.
  const narrow = Grid.useBreakpoint().md === false;
  // The sort the table reported last: the cards' pager sends it on, as the table's own pager does.
  const [sorter, setSorter] = useState<SorterResult<Item> | SorterResult<Item>[]>();
  const onChange: TableProps<Item>['onChange'] = (pagination, filters, sort, extra) => {
    setSorter(sort);
    props.onChange?.(pagination, filters, sort, extra);
  };
  if (narrow) return <ListCards<Item> {...props} lastSorter={sorter} />;
  return <Table<Item> {...props} onChange={onChange} />;
}
