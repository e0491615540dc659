/**
 * The approvals page's calls, added to the data provider, and its query keys. The decision itself
 * (approve, reject) is src/features/withdrawalDecision's, shared with a withdrawal's own page.
 */
import { useDataProvider, type DataProvider } from 'react-admin';
import type { CustomMethods, MethodsOf } from '../../dataProvider/types';
import {
  APPROVALS_RESOURCE,
  refreshAfterDecision,
  withdrawalDecisionMethods,
} from '../../features/withdrawalDecision/api';

export { APPROVALS_RESOURCE, refreshAfterDecision };

export interface Threshold {
  currency: string;
  threshold: string;
  updatedAt: string | null;
}

export const withdrawalApprovalMethods = {
  ...withdrawalDecisionMethods,
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
