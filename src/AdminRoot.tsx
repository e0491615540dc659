/**
 * The admin app with its router (its own chunk: react-router never reaches the login page). main.tsx
 * renders it lazily once an organisation is chosen; tests render App inside their own router. Page
 * views are reported by the page frame (src/layout/Page.tsx), so a redirect reports none.
 *
 * In a translated language (a German tab), the admin's texts are chunks of their own: they are loaded
 * before App's first render (the loading overlay meanwhile, as while this chunk loads), so the admin
 * never shows in English first. English loads nothing, and a remount (an organisation switch) finds
 * them loaded.
 */
import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import App, { appMessagesPending, type AppProps } from './App';
import { LoadingOverlay } from './public/LoadingOverlay';

export default function AdminRoot(props: AppProps) {
  const [pending, setPending] = useState(() => appMessagesPending(props));
  useEffect(() => {
    if (!pending) return;
    let mounted = true;
    void pending.then(() => {
      if (mounted) setPending(undefined);
    });
    return () => {
      mounted = false;
    };
  }, [pending]);
  if (pending) return <LoadingOverlay />;
  return (
    <BrowserRouter>
      <App {...props} />
    </BrowserRouter>
  );
}
