import { ListPage as CrudListPage, type ListPageProps } from '../../../platform/crud/ListPage';
import { systemText } from './failure';

export type { ListControls } from '../../../platform/crud/ListPage';

/** The platform list with this area's refusal texts and class names. */
export function ListPage<Item extends { id: number }>(props: Omit<ListPageProps<Item>, 'kind' | 'areaText'>) {
  return <CrudListPage<Item> {...props} kind="system" areaText={systemText} />;
}
