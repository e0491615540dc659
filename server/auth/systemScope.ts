/**
 * The scope of work no request asked for: the demo seed, bulk loads and the provider simulator's
 * steps post ledger entries for an organisation with no caller behind them. It reads every
 * business of the organisation (hidden ones too) and has no user (`userId` 0, no user has it).
 *
 * Request code never builds one: a route's scope is `scopeOf(request)`, so a handler cannot act for
 * another organisation than its caller's. ESLint keeps this file out of request code (an
 * `import/no-restricted-paths` zone of eslint.config.js: server/modules, server/simulator,
 * server/http, server/auth, server/audit and server/app.ts may not import it; of server/modules only
 * the movements' `simulator.ts` files may, docs/decisions.md 203), and no server file but server/auth
 * may write `as OrgScope` (docs/decisions.md, 'A system scope for the seed').
 */
import type { OrgScope } from './scope';

/** No user has id 0 (ids start at 1): the system's scope names no caller. */
export const SYSTEM_USER_ID = 0;

export function systemScope(organisationId: number): OrgScope {
  if (!Number.isInteger(organisationId) || organisationId <= 0)
    throw new Error(`systemScope: not an organisation id: ${organisationId}`);
  return {
    organisationId,
    userId: SYSTEM_USER_ID,
    seesHiddenBusinesses: true,
    onlyBusinessId: null,
  } as OrgScope;
}
