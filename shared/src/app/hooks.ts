import type { AppDispatch, AppStore, RootState } from '@curator/shared/kernel';
import { useDispatch, useSelector, useStore } from 'react-redux';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();

/**
 * What a list shows of a query's answer: the last answer while the next one loads (no blank flash between pages or
 * filters), and nothing once the query for the current arguments has failed (its toast says why), so that rows of an
 * earlier filter never stand under bounds the server refused.
 */
export function shownData<T>(query: { data?: T; isError: boolean }): T | undefined {
  return query.isError ? undefined : query.data;
}
