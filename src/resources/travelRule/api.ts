/** The travel-rule resource's name and its query keys (react-admin's cache keys start with the resource). */
import type { QueryClient } from '@tanstack/react-query';

export const TRAVEL_RULE_RESOURCE = 'travel-rule';

/** After an originator is saved: the list and the sidebar's badge read again (both under the resource). */
export const refreshTravelRule = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: [TRAVEL_RULE_RESOURCE] });
