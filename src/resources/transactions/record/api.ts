/**
 * The record page's call: `GET /v1/records/{kind}/{id}` (src/domain/records.ts `RecordPage`), one
 * call for the header, timeline, ledger entries, related records, callbacks and allowed actions,
 * organisation-scoped and permission-filtered like the record itself. Declared with the transaction
 * resources (their first declaration brings it to the data provider); the page reads it through
 * ./useRecordPage.ts.
 */
import type { CustomMethods } from '../../../dataProvider/types';
import type { RecordKind, RecordPage } from '../../../domain/records';

export const recordMethods = {
  getRecordPage:
    (http) =>
    async (kind: RecordKind, id: string, signal?: AbortSignal): Promise<RecordPage> =>
      (await http.request<RecordPage>(`records/${kind}/${encodeURIComponent(id)}`, { signal })).json,
} satisfies CustomMethods;
