/**
 * The server half of docs/adding-a-resource.md, tested like its dashboard half: the guide's module is,
 * byte for byte, tests/server/example/webhooks (with the import paths of server/modules/webhooks/), and
 * here it is registered in a real app, its table made by its migration, and its routes called.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiModules } from '../../server/modules/registry';
import { webhooksModule } from './example/webhooks/routes';
import { makeApp, makeDb, type TestApp } from './helpers';

const EXAMPLE = 'tests/server/example/webhooks';
const guide = readFileSync('docs/adding-a-resource.md', 'utf8');
const blocks = [...guide.matchAll(/<!-- server file: ([\w.]+) -->\n+```(?:ts|sql)\n([\s\S]*?)```/g)];

describe("the guide's server module", () => {
  it('shows the example module, file by file, exactly as tested', () => {
    expect(blocks.map((b) => b[1]).sort()).toEqual(
      ['migration.sql', 'repository.ts', 'routes.ts', 'schemas.ts'].sort(),
    );
    for (const [, file, shown] of blocks) {
      const tested = readFileSync(`${EXAMPLE}/${file}`, 'utf8')
        .replaceAll("'../../../../server/", "'../../")
        .replaceAll("'../../../../src/", "'../../../src/");
      expect(shown, file).toBe(tested);
    }
  });

  describe('registered in an app', () => {
    let t: TestApp;
    let token: string;
    beforeAll(async () => {
      const db = await makeDb();
      await db.exec(readFileSync(`${EXAMPLE}/migration.sql`, 'utf8'));
      // One webhook for each of the first business of every organisation.
      await db.query(
        `INSERT INTO webhooks (organisation_id, business_id, url)
         SELECT DISTINCT ON (organisation_id) organisation_id, id, 'https://org' || organisation_id || '.example/hook'
           FROM businesses ORDER BY organisation_id, id`,
      );
      t = await makeApp(
        {},
        { db, modules: [...apiModules, { plugin: webhooksModule, prefix: '/v1/webhooks' }] },
      );
      token = await t.token('manager@example.com');
    });
    afterAll(async () => {
      await t?.close();
      await t?.db.close();
    });

    it("lists the caller's organisation's webhooks only, sorted as asked", async () => {
      const response = await t.app.inject({
        url: '/v1/webhooks?sortBy=created&order=desc',
        headers: t.auth(token),
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as { webhooks: { url: string }[]; total: number };
      expect(body.total).toBe(1);
      expect(body.webhooks.map((w) => w.url)).toEqual(['https://org1.example/hook']);
    });

    it("answers another organisation's webhook with 404, and an unknown sort with 400", async () => {
      const { rows } = await t.db.query<{ id: number }>('SELECT id FROM webhooks WHERE organisation_id <> 1');
      expect(rows.length).toBeGreaterThan(0);
      const foreign = await t.app.inject({ url: `/v1/webhooks/${rows[0].id}`, headers: t.auth(token) });
      expect(foreign.statusCode).toBe(404);
      const unsorted = await t.app.inject({ url: '/v1/webhooks?sortBy=createdAt', headers: t.auth(token) });
      expect(unsorted.statusCode).toBe(400);
    });

    it('refuses a caller without GET_BUSINESSES', async () => {
      const viewer = await t.token('viewer@example.com');
      const response = await t.app.inject({ url: '/v1/webhooks', headers: t.auth(viewer) });
      expect(response.statusCode).toBe(403);
    });
  });
});
