// Replaced at run time by the API server (GET /runtime-config.js). '' or no apiUrl = same origin.
window.__APP_CONFIG__ = {};
