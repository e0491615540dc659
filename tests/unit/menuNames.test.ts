/**
 * The sidebar item and the page it opens agree on the page's name, in every language: derived from
 * the registries, so a new page or resource is checked without being listed here.
 */
import { describe, expect, it } from 'vitest';
import { pages } from '../../src/customPages/registry';
import { resources } from '../../src/resources/registry';
import { deriveMessages, deriveTranslations } from '../../src/declarations';
import { LOCALES } from '../../src/i18n/locale';
import { mergeMessages, type MessageTree } from '../../src/i18n/messages';

/** The declarations' texts in a language: English at once, a translation through its loaders. */
async function messagesIn(
  declarations: Parameters<typeof deriveMessages>[0],
  locale: string,
): Promise<MessageTree> {
  if (locale === 'en') return deriveMessages(declarations);
  const loaders = deriveTranslations(declarations, locale as Parameters<typeof deriveTranslations>[1]);
  return mergeMessages(...(await Promise.all(loaders.map((load) => load()))));
}

function lookup(tree: MessageTree, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
      tree,
    );
}

describe('sidebar labels and page titles', () => {
  for (const locale of LOCALES) {
    it(`name every page the same in the sidebar and in its title (${locale})`, async () => {
      const messages = await messagesIn([...resources, ...pages], locale);
      for (const page of pages.filter((p) => p.menu)) {
        const label = lookup(messages, page.menu!.label);
        // A page's h1 is the `title` beside its `menu` label (`pages.changePassword.title`, its <Page title>).
        expect(page.menu!.label, page.name).toMatch(/\.menu$/);
        const title = lookup(messages, page.menu!.label.replace(/\.menu$/, '.title'));
        expect(typeof label, page.menu!.label).toBe('string');
        expect(label, page.name).toBe(title);
      }
    });

    it(`name every resource list by the resource's name in the sidebar (${locale})`, async () => {
      const messages = await messagesIn([...resources, ...pages], locale);
      for (const resource of resources.filter((r) => r.menu)) {
        // A list's h1 is `resources.<name>.name` (its <Page title>), the sidebar's label too.
        expect(resource.menu!.label, resource.name).toBe(`resources.${resource.name}.name`);
        expect(typeof lookup(messages, resource.menu!.label)).toBe('string');
      }
    });
  }

  it("calls the two-factor page 'Two-factor authentication'", async () => {
    const messages = await messagesIn(pages, 'en');
    expect(lookup(messages, 'pages.authentication.menu')).toBe('Two-factor authentication');
  });
});
