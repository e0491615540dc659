/**
 * docs/adding-a-resource.md shows the worked example's files; they must be, byte for byte, the files
 * of tests/unit/example/webhooks that declaring.test.tsx renders in the real App (with the import
 * paths of src/resources/webhooks/).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const guide = readFileSync('docs/adding-a-resource.md', 'utf8');
const blocks = [...guide.matchAll(/<!-- file: ([\w.]+) -->\n+```tsx?\n([\s\S]*?)```/g)];

describe('the guide to adding a resource', () => {
  it('shows the example folder, file by file', () => {
    expect(blocks.map((b) => b[1]).sort()).toEqual(
      ['WebhookEdit.tsx', 'WebhookList.tsx', 'api.ts', 'index.ts', 'messages.ts', 'messages.de.ts'].sort(),
    );
  });

  it.each(blocks.map((b) => [b[1], b[2]]))('shows %s exactly as the tested example', (file, shown) => {
    const tested = readFileSync(`tests/unit/example/webhooks/${file}`, 'utf8');
    expect(shown).toBe(tested.replaceAll("'../../../../src/", "'../../"));
  });
});
