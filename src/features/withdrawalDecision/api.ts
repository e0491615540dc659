/**
 * A crypto withdrawal's decision (docs/decisions.md 175–177): the call that approves or rejects it,
 * and the queries it makes stale. Declared with the approvals page (src/resources/withdrawalApprovals),
 * whose declaration brings the method to the data provider; the approvals page and a withdrawal's own
 * page both decide through DecisionDialog.
 */
import type { QueryClient } from '@tanstack/react-query';
import { useDataProvider, type DataProvider } from 'react-admin';
import type { CustomMethods, MethodsOf } from '../../dataProvider/types';

/** The approvals page's resource (its list's query keys start with it). */
export const APPROVALS_RESOURCE = 'withdrawal-approvals';

export type Decision = 'approve' | 'reject';

export const withdrawalDecisionMethods = {
  /** POST withdrawals/crypto/{id}/approve or /reject (2FA, Idempotency-Key). */
  decideWithdrawal:
    (http) =>
    async (
      id: number,
      decision: Decision,
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
} satisfies CustomMethods;

export const useWithdrawalDecisionApi = () =>
  useDataProvider<DataProvider & MethodsOf<typeof withdrawalDecisionMethods>>();

/**
 * After a decision: the approvals, the withdrawals lists and pages (their keys start with
 * 'crypto-withdrawals') and the balances read again.
 */
export const refreshAfterDecision = (queryClient: QueryClient) =>
  Promise.all(
    [APPROVALS_RESOURCE, 'crypto-withdrawals', 'withdrawals', 'businesses'].map((key) =>
      queryClient.invalidateQueries({ queryKey: [key] }),
    ),
  );
