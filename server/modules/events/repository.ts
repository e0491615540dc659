/** SQL of the live events' streams: what a stream re-reads of its session and its organisation. */
import type { OrgScope } from '../../auth/scope';
import type { Db } from '../../db/client';

export function eventsRepository(db: Db) {
  return {
    /** The ids of the scope's organisation's hidden businesses (whose events reach ADMIN only). */
    async hiddenBusinessIds(scope: Pick<OrgScope, 'organisationId'>): Promise<Set<number>> {
      const { rows } = await db.query<{ id: number }>(
        'SELECT id FROM businesses WHERE organisation_id = $1 AND hidden_from_non_admins',
        [scope.organisationId],
      );
      return new Set(rows.map((r) => Number(r.id)));
    },

    /**
     * A session's role permissions if it is still live at `at` (not revoked, not expired, seen within
     * the idle window since `idleSince`), else null.
     */
    async livePermissions(sessionId: string, at: Date, idleSince: Date): Promise<string[] | null> {
      const { rows } = await db.query<{ permissions: string[] }>(
        `SELECT r.permissions FROM sessions s
           JOIN memberships m ON m.user_id = s.user_id AND m.organisation_id = s.organisation_id
           JOIN roles r ON r.id = m.role_id
          WHERE s.id = $1 AND s.revoked_at IS NULL AND s.expires_at > $2 AND s.last_seen_at > $3`,
        [sessionId, at, idleSince],
      );
      return rows[0]?.permissions ?? null;
    },
  };
}
