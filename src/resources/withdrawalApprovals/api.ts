/** The approvals page's calls, added to the data provider, and its query keys. */
import type { QueryClient } from '@tanstack/react-query';
import { useDataProvider, type DataProvider } from 'react-admin';
import type { CustomMethods, MethodsOf } from '../../dataProvider/types';

export const APPROVALS_RESOURCE = 'withdrawal-approvals';

export interface Threshold {
  currency: string;
  threshold: string;
  updatedAt: string | null;
}

export const withdrawalApprovalMethods = {
  /** POST withdrawals/crypto/{id}/approve or /reject (2FA, Idempotency-Key). */
  decideWithdrawal:
    (http) =>
    async (
      id: number,
      decision: 'approve' | 'reject',
      options: { idempotencyKey: string; twoFaCode?: string; reason?: string },
    ): Promise<unknown> =>
      (
        await http.request(`withdrawals/crypto/${id}/${decision}`, {
          method: 'POST',
          body: options.reason ? { reason: options.reason } : {},
          idempotencyKey: options.idempotencyKey,
          twoFaCode: options.twoFaCode,
        })
      ).json,
  approvalThresholds: (http) => async (): Promise<Threshold[]> =>
    (await http.request<{ thresholds: Threshold[] }>('withdrawals/approval-thresholds')).json.thresholds,
  setApprovalThreshold:
    (http) =>
    async (currency: string, threshold: string, twoFaCode?: string): Promise<Threshold> =>
      (
        await http.request<{ threshold: Threshold }>(
          `withdrawals/approval-thresholds/${encodeURIComponent(currency)}`,
          { method: 'PUT', body: { threshold }, twoFaCode },
        )
      ).json.threshold,
} satisfies CustomMethods;

export const useWithdrawalApprovalApi = () =>
  useDataProvider<DataProvider & MethodsOf<typeof withdrawalApprovalMethods>>();

/** After a decision: the approvals, the withdrawals lists and the balances read again. */
export const refreshAfterDecision = (queryClient: QueryClient) =>
  Promise.all(
    [APPROVALS_RESOURCE, 'crypto-withdrawals', 'withdrawals', 'businesses'].map((key) =>
      queryClient.invalidateQueries({ queryKey: [key] }),
    ),
  );
