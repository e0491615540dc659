/* global __BOOT_CONFIG__ -- a placeholder the prerender plugin replaces with the config object at build time */
// The boot script of the prerendered index.html (scripts/prerender/plugin.ts fills in its config and writes it
// to dist/assets/boot-<hash>.js, loaded right after /runtime-config.js). Plain ES2017 (no imports, no build):
// - on any path but '/', or with a stored session, the prerendered overlay shows instead of the
//   login card (the login form is only right for '/' without a session);
// - it sends the brand request at once, and src/main.tsx reuses it (window[brandGlobal]);
// - when the brand arrives, the prerendered logo gets its src and alt (the largest paint, early) and the
//   card its brand colours (config.brandColors: CSS custom properties by brand key); under a dark
//   system preference the dark logo (the prerendered CSS has the dark look under that media query);
// - it starts the app's JS (config.entry and its preloads) once the logo has loaded (or failed, or
//   after START_APP_AFTER_MS), so the logo's requests do not share the line with 180 kB of JS; on
//   every other page at once.
(function (config) {
  'use strict';
  const html = document.documentElement;
  let stored = false;
  try {
    stored = Boolean(window.sessionStorage.getItem(config.sessionStorageKey));
  } catch {
    stored = false;
  }
  const loginCard = window.location.pathname === '/' && !stored;
  if (!loginCard) html.classList.add(config.overlayClass);

  const START_APP_AFTER_MS = 3000;
  let started = false;
  function startApp() {
    if (started) return;
    started = true;
    config.preloads.forEach(function (href) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = config.entry;
    document.head.appendChild(script);
  }
  if (!loginCard || typeof window.fetch !== 'function') {
    startApp();
    if (typeof window.fetch !== 'function') return;
  } else {
    window.setTimeout(startApp, START_APP_AFTER_MS);
  }

  const runtime = window.__APP_CONFIG__ || {};
  const apiUrl = typeof runtime.apiUrl === 'string' ? runtime.apiUrl.trim().replace(/\/+$/, '') : '';
  const request = window.fetch(apiUrl + '/v1/brands/dashboard', { headers: { Accept: 'application/json' } });
  window[config.brandGlobal] = request;

  function showLogo(brand) {
    const logo = document.getElementById(config.logoId);
    if (!logo || !brand || typeof brand.lightLogoUrl !== 'string') return startApp();
    logo.addEventListener('load', startApp);
    logo.addEventListener('error', startApp);
    // The dark look (the prerendered CSS's prefers-color-scheme variant) takes the brand's dark logo.
    const dark =
      typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
    let url = dark && typeof brand.darkLogoUrl === 'string' ? brand.darkLogoUrl : brand.lightLogoUrl;
    if (apiUrl && !/^[a-z][a-z0-9+.-]*:/i.test(url)) url = new URL(url, apiUrl + '/').toString();
    const colors = Object.prototype.hasOwnProperty.call(config.brandColors, brand.value)
      ? config.brandColors[brand.value]
      : {};
    Object.keys(colors).forEach(function (name) {
      html.style.setProperty(name, colors[name]);
    });
    logo.alt = typeof brand.name === 'string' ? brand.name : '';
    logo.src = url;
    if (typeof brand.name === 'string' && brand.name && !html.classList.contains(config.overlayClass))
      document.title = config.loginTitle + ' | ' + brand.name;
  }

  request
    .then(function (response) {
      return response.ok ? response.clone().json() : null;
    })
    .then(function (brand) {
      if (document.readyState === 'loading') {
        document.addEventListener('DOMContentLoaded', function () {
          showLogo(brand);
        });
      } else {
        showLogo(brand);
      }
    })
    .catch(function () {
      // src/main.tsx reports a failed brand ('Unspecified error occurred.').
      startApp();
    });
})(__BOOT_CONFIG__);
