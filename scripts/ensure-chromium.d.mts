/** Types of ensure-chromium.mjs, for playwright.config.ts. */
export declare function chromiumPath(): string;
export declare function ensureChromium(): string;
export declare const CHROMIUM_FLAGS: string[];
export declare const PLAYWRIGHT_DISABLED_FEATURES: string[];
export declare const E2E_CHROMIUM_ARGS: string[];
