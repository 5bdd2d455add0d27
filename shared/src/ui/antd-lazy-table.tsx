import type { TableProps } from 'antd';
import { type ComponentType, lazy, Suspense } from 'react';

/**
 * antd's Table, in a file of its own: with its own parts (rc-table, Tree for column filters, Pagination,
 * the virtual list) it is a fifth of the antd kit, and the first look of the audio list and of the
 * workspace has no antd table. The browser fetches it when it has nothing better to do (a prefetch
 * link, added when the kit's file loads), so a screen drawing its first table parses it from the cache;
 * until it is here, the table's place is held empty.
 */
const loadTable = () => import(/* webpackPrefetch: true */ 'antd/es/table');
const LazyTable = lazy(loadTable) as unknown as ComponentType<TableProps<object>>;

/** antd's Table (its props, generic in the row type); its statics (Table.Column...) are not used by the suite. */
export function Table<Row extends object>(props: TableProps<Row>) {
  return (
    <Suspense fallback={<div className="ant-table-wrapper" aria-busy="true" />}>
      <LazyTable {...(props as unknown as TableProps<object>)} />
    </Suspense>
  );
}
