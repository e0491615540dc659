/** The record page's query (the page's own chunk): its key, its live rule, its retry. */
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, type DataProvider } from 'react-admin';
import type { MethodsOf } from '../../../dataProvider/types';
import type { RecordKind } from '../../../domain/records';
import type { recordMethods } from './api';
import { recordPageKey, recordStaleOn } from './rules';

export const useRecordApi = () => useDataProvider<DataProvider & MethodsOf<typeof recordMethods>>();

/**
 * The page of one record, read again when a live event names its resource, its business or the
 * callbacks (src/layout/liveEvents.ts), and kept on screen while it reads again.
 */
export function useRecordPage(kind: RecordKind, id: string) {
  const api = useRecordApi();
  return useQuery({
    queryKey: recordPageKey(kind, id),
    queryFn: ({ signal }) => api.getRecordPage(kind, id, signal),
    meta: { staleOn: recordStaleOn(kind) },
    // A refusal stays one (a 404 is no record); the error state offers Retry.
    retry: false,
  });
}
