/**
 * API keys (issue 15, first part): the Integrator lands on the list of Aurora's keys with their
 * statuses, which passes axe; the published demo key really reads its business's payments and is
 * refused another business's.
 */
import { DEMO_API_KEY } from '../../server/db/seed';
import { test, expect, loginAs, resetDemoData, expectNoViolations } from './fixtures';

test.beforeAll(resetDemoData);

test('the Integrator lands on the API keys, each with its status; the page passes axe', async ({ page }) => {
  await loginAs(page, 'integrator@example.com');
  await expect(page).toHaveURL(/\/api-keys$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
  const row = (name: string) => page.getByRole('row').filter({ hasText: name });
  await expect(row('Northwind checkout')).toContainText('Active');
  await expect(row('Lumen Games test server')).toContainText('Expired');
  await expect(row('Harbor Freight old POS')).toContainText('Revoked');
  // Borealis's key is another organisation's.
  await expect(page.getByText('Fjord Trading reporting')).toHaveCount(0);
  await expectNoViolations(page);
});

test('the demo key reads its business’s payments and is refused another’s', async ({ request }) => {
  const headers = { authorization: `ApiKey ${DEMO_API_KEY}` };
  const own = await request.get('/v1/payments?limit=5', { headers });
  expect(own.status()).toBe(200);
  const { payments } = (await own.json()) as { payments: { businessId: number }[] };
  expect(payments.length).toBeGreaterThan(0);
  for (const payment of payments) expect(payment.businessId).toBe(1);
  expect((await request.get('/v1/payments?businessId=2', { headers })).status()).toBe(403);
  expect((await request.get('/v1/businesses', { headers })).status()).toBe(403);
});
