/**
 * Names shared by the prerendered shell of index.html (src/public/prerender.tsx and the build step in
 * vite.config.ts), its boot script (scripts/prerender/boot.js) and src/main.tsx. No imports: main.tsx
 * and the build read it.
 */

/** The <style> with the prerendered login card's critical CSS (removed once React has taken over). */
export const PRERENDER_STYLE_ID = 'prerender-css';
/** The prerendered logo <img>, whose src and alt the boot script sets when the brand arrives. */
export const PRERENDER_LOGO_ID = 'prerender-logo';
/** Set on <html> by the boot script when the page is not the login form: the overlay shows instead. */
export const BOOT_OVERLAY_CLASS = 'boot-overlay';
