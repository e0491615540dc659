// `object.entries` (a dependency of node-polyglot, the i18n provider's library) is a polyfill of
// Object.entries for engines older than every browser the dashboard supports; with its own
// dependencies (get-intrinsic, call-bind, define-properties…) it weighed about 8 kB gzip after login.
// vite.config.ts resolves it to the browser's own function.
module.exports = Object.entries;
