/**
 * The app bar's search call (GET /v1/search, src/domain/search.ts): a data-provider method the
 * composition root (App.tsx) adds, so the layout reaches it through `useDataProvider()` without
 * importing a resource.
 */
import type { SearchResult } from '../domain/search';
import type { HttpClient } from './httpClient';

export const searchMethods = {
  /** The records matching `q` (trimmed, not blank), best first; aborted with `signal`. */
  searchRecords:
    (http: HttpClient) =>
    async (q: string, signal?: AbortSignal): Promise<SearchResult[]> =>
      (await http.request<{ results: SearchResult[] }>('search', { query: { q }, signal })).json.results,
};

/** What the layout calls on the data provider. */
export interface SearchApi {
  searchRecords(q: string, signal?: AbortSignal): Promise<SearchResult[]>;
}
