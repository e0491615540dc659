import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor wait for a condition, never for a time: on a busy 2-core CI machine a lazy view or a
// react-admin query can take seconds, so the condition gets far more than Testing Library's 1 s default
// (a passing wait returns as soon as the condition holds).
configure({ asyncUtilTimeout: 10_000 });

// Vitest runs without globals, so Testing Library's automatic cleanup is not registered.
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});
