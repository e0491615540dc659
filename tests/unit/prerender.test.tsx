// @vitest-environment node
/**
 * The login card prerendered into dist/index.html (vite.config.ts → src/public/prerender.tsx): what the
 * first paint shows before any JS, and what keeps it safe and brand-neutral.
 */
import { describe, expect, it, vi } from 'vitest';
import { earlyBrandFetch, EARLY_BRAND_GLOBAL } from '../../src/brands/loadBrand';
import { DARK_SCHEME_QUERY, darkVariantCss, renderShell, splitRules } from '../../src/public/prerender';

// The build renders in Node, where the unit setup's sessionStorage.clear() has nothing to clear.
vi.stubGlobal('sessionStorage', { clear: () => {} });

describe('the prerendered login shell', () => {
  const shell = renderShell();

  it('holds the login card with its labelled fields, the loading bar and its critical CSS', () => {
    expect(shell.html).toContain('>Sign in</h1>');
    for (const label of ['Email', 'Password', '2FA code']) expect(shell.html).toContain(`>${label}<`);
    expect(shell.html).toMatch(/role="progressbar"[^>]*aria-label="Loading"/);
    expect(shell.html).toContain('href="/forgot-password"');
    expect(shell.html).not.toContain('<style');
    expect(shell.css).toMatch(/\.css-[a-z0-9]+\{/);
  });

  it('is brand-neutral: the logo box is reserved, without src or name until the brand arrives', () => {
    const logo = /<img[^>]*id="prerender-logo"[^>]*>/.exec(shell.html)?.[0] ?? '';
    expect(logo).toContain('width="240"');
    expect(logo).toContain('height="48"');
    expect(logo).toContain('alt=""');
    expect(logo).not.toContain('src=');
    expect(shell.html).not.toContain('Payments Local');
    expect(shell.html).not.toContain('rel="preload"');
  });

  it('cannot submit before React takes over (never a password in a URL)', () => {
    expect(shell.html).not.toContain('type="submit"');
    expect(shell.html).toMatch(/<form method="post"/);
  });

  it('tells the boot script the session key, the overlay class and where to leave the brand request', () => {
    expect(shell.boot).toMatchObject({
      sessionStorageKey: 'app.session',
      brandGlobal: EARLY_BRAND_GLOBAL,
      logoId: 'prerender-logo',
      overlayClass: 'boot-overlay',
      loginTitle: 'Sign in',
    });
  });
});

describe('earlyBrandFetch', () => {
  it('answers the first call with the boot script’s request, then fetches as usual', async () => {
    const early = new Response('{"early":true}');
    const target: Record<string, unknown> = { [EARLY_BRAND_GLOBAL]: Promise.resolve(early) };
    const calls: string[] = [];
    const fetchFn = earlyBrandFetch(target, async (input) => {
      calls.push(input);
      return new Response('{}');
    });
    expect(await fetchFn('/v1/brands/dashboard')).toBe(early);
    expect(target[EARLY_BRAND_GLOBAL]).toBeUndefined();
    await fetchFn('/v1/brands/dashboard');
    expect(calls).toEqual(['/v1/brands/dashboard']);
  });

  it('without a boot script (the dev server) it fetches', async () => {
    const calls: string[] = [];
    await earlyBrandFetch({}, async (input) => {
      calls.push(input);
      return new Response('{}');
    })('/v1/brands/dashboard');
    expect(calls).toEqual(['/v1/brands/dashboard']);
  });
});

describe('the prerendered login shell in a dark system preference', () => {
  const shell = renderShell();
  const at = shell.css.indexOf(`@media ${DARK_SCHEME_QUERY}{`);
  const dark = at >= 0 ? shell.css.slice(at) : '';
  const light = at >= 0 ? shell.css.slice(0, at) : shell.css;

  it('carries the dark look under prefers-color-scheme from the first paint', () => {
    expect(at).toBeGreaterThan(0);
    // The page (CssBaseline's body) dark, the light look's body light.
    expect(dark).toMatch(/body\{[^}]*background-color:#121417/);
    expect(light).toMatch(/body\{[^}]*background-color:#fafafa/);
    expect(dark).toContain(':root{color-scheme:dark}');
    // Only the light markup's classes are styled (the dark rendering's are renamed onto them).
    const classes = new Set([...shell.html.matchAll(/css-[a-z0-9-]+/gi)].map(([name]) => name));
    for (const [name] of dark.matchAll(/\.(css-[a-z0-9-]+)/gi)) expect(classes.has(name.slice(1))).toBe(true);
  });

  it('tells the boot script each brand dark primary colour', () => {
    for (const colors of Object.values(shell.boot.brandColors))
      expect(Object.keys(colors)).toContain('--boot-brand-primary-dark');
  });
});

describe('darkVariantCss', () => {
  it('renames the dark classes onto the light ones and keeps only what differs', () => {
    const light = {
      html: '<p class="a css-1"></p><b class="css-2"></b>',
      css: '.css-1{color:#000}.css-2{margin:0}',
    };
    const dark = {
      html: '<p class="a css-9"></p><b class="css-2"></b>',
      css: '.css-9{color:#fff}.css-2{margin:0}',
    };
    expect(darkVariantCss(light, dark)).toBe('.css-1{color:#fff}');
  });

  it('refuses markups that differ in more than their classes', () => {
    expect(() =>
      darkVariantCss(
        { html: '<p class="css-1"></p>', css: '' },
        { html: '<div class="css-1"></div>', css: '' },
      ),
    ).toThrow(/differs/);
  });

  it('splits a stylesheet into its top-level rules', () => {
    expect(splitRules('a{b:c}@media x{d{e:f}}g{h:i}')).toEqual(['a{b:c}', '@media x{d{e:f}}', 'g{h:i}']);
  });
});
