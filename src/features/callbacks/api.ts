/**
 * The callbacks' calls beyond the list (which react-admin's getList reads through the `callbacks`
 * declaration, src/resources/callbacks): a callback with its attempts, and a resend under an
 * Idempotency-Key. Added to the data provider by that declaration; read here by the shared views.
 *
 * Their React Query keys start with the resource's name, so a live event `callbacks.updated` (which
 * names the resource) makes them stale with the lists.
 */
import { useDataProvider, type DataProvider } from 'react-admin';
import type { CustomMethods, MethodsOf } from '../../dataProvider/types';
import type { CallbackDetail, CallbackRow } from '../../domain/callbacks';
import { CALLBACKS_RESOURCE } from './rules';

export const callbackMethods = {
  /** GET callbacks/{id}: the callback with its payload and its attempts, oldest first. */
  getCallbackDetail: (http) => async (id: number, signal?: AbortSignal) =>
    (await http.request<CallbackDetail>(`callbacks/${encodeURIComponent(String(id))}`, { signal })).json,
  /**
   * POST callbacks/{id}/resend (INITIATE_CALLBACK; Idempotency-Key): 202 with the callback due now.
   * The same key for a retry of the same resend, so a lost answer never sends it twice.
   */
  resendCallback:
    (http) =>
    async (id: number, idempotencyKey: string): Promise<CallbackRow> =>
      (
        await http.request<{ callback: CallbackRow }>(`callbacks/${encodeURIComponent(String(id))}/resend`, {
          // The route takes no body.
          method: 'POST',
          idempotencyKey,
        })
      ).json.callback,
} satisfies CustomMethods;

export type CallbackApi = DataProvider & MethodsOf<typeof callbackMethods>;

export const useCallbackApi = () => useDataProvider<CallbackApi>();

/** The React Query key of one callback's detail. */
export const callbackDetailKey = (id: number) => [CALLBACKS_RESOURCE, 'detail', id] as const;
