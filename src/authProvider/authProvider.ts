/**
 * react-admin's authProvider over the session controller (admin chunk only). canAccess is answered
 * locally from the access table (built by App from the registries) and the session's permissions.
 */
import type { AuthProvider } from 'react-admin';
import { satisfies, type Requirement } from '../domain/requirements';
import type { AccessAction, AccessTable, Session, SessionController } from './types';

/** What canAccess reads of the deployment's brand. */
export interface BrandFlags {
  fiatDepositAllowed: boolean;
}

export interface AuthProviderOptions {
  controller: SessionController;
  access: AccessTable;
  brand: BrandFlags;
}

/** Read-only actions may fall back to the resource's list / access requirement; writes never do. */
const READ_ACTIONS = new Set(['list', 'show', 'access', 'export']);

/** The requirement for an action on a resource, or undefined when none is declared (→ denied). */
export function requirementFor(
  access: AccessTable,
  resource: string,
  action: string,
): Requirement | undefined {
  if (!Object.hasOwn(access, resource)) return undefined;
  const entry = access[resource];
  const exact = Object.hasOwn(entry, action) ? entry[action as AccessAction] : undefined;
  if (exact) return exact;
  if (action === 'clone') return entry.create;
  if (READ_ACTIONS.has(action)) return entry.list ?? entry.access;
  return undefined;
}

/** The pure canAccess: does the session satisfy the declared requirement? */
export function canAccessWith(
  access: AccessTable,
  session: Pick<Session, 'permissions'> | null,
  brand: BrandFlags,
  resource: string,
  action: string,
): boolean {
  if (!session) return false;
  const requirement = requirementFor(access, resource, action);
  if (!requirement) return false;
  return satisfies(requirement, {
    permissions: session.permissions,
    brand: { fiatDepositAllowed: brand.fiatDepositAllowed },
  });
}

export function createAuthProvider({ controller, access, brand }: AuthProviderOptions) {
  const chosenSession = () => {
    const session = controller.getState().session;
    return session?.hasChosenOrganisation ? session : null;
  };

  return {
    async login(params: { email?: string; username?: string; password: string; twoFaCode?: string }) {
      await controller.login({
        email: params.email ?? params.username ?? '',
        password: params.password,
        twoFaCode: params.twoFaCode,
      });
    },
    async logout() {
      if (controller.getState().session) await controller.logout();
      return '/';
    },
    async checkAuth() {
      if (!chosenSession()) throw { redirectTo: '/', message: false };
    },
    // The http client already ended the session on 401 / network failure; never log out here (403!).
    async checkError() {},
    async getIdentity() {
      const session = controller.getState().session;
      if (!session) throw new Error('Not logged in');
      return {
        id: session.id,
        fullName: session.email,
        email: session.email,
        role: session.role,
        organisationId: session.organisationId,
        organisationName: session.organisationName,
      };
    },
    async getPermissions() {
      return controller.getState().session?.permissions ?? [];
    },
    async canAccess({ resource, action }: { resource: string; action: string }) {
      return canAccessWith(access, chosenSession(), brand, resource, action);
    },
  } satisfies AuthProvider;
}
