/** The tab title follows the page's declared title (src/layout/useDocumentTitle.ts). */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TITLE_ELEMENT_ID, useDocumentTitle } from '../../src/layout/useDocumentTitle';

function Probe({ brand }: { brand: string }) {
  useDocumentTitle(brand);
  return null;
}

describe('useDocumentTitle', () => {
  it("reads '{page title} | {brand}' and follows every change of the title element", async () => {
    const title = document.createElement('h1');
    title.id = TITLE_ELEMENT_ID;
    title.innerHTML = '<span>Change password</span>';
    document.body.appendChild(title);
    const { unmount } = render(<Probe brand="Northwind Pay" />);
    expect(document.title).toBe('Change password | Northwind Pay');

    title.innerHTML = '<span><span>Two-factor authentication</span></span>';
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.title).toBe('Two-factor authentication | Northwind Pay');

    title.firstChild!.firstChild!.textContent = 'Page not found';
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.title).toBe('Page not found | Northwind Pay');

    title.innerHTML = '';
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.title).toBe('Northwind Pay');

    unmount();
    title.remove();
    expect(document.title).toBe('Northwind Pay');
  });
});
