/**
 * The admin app with its router (its own chunk: react-router never reaches the login page). main.tsx
 * renders it lazily once an organisation is chosen; tests render App inside their own router.
 */
import { BrowserRouter, useLocation } from 'react-router-dom';
import { usePageViews } from './analytics';
import App, { type AppProps } from './App';

function AdminPageViews() {
  usePageViews(useLocation().pathname, true);
  return null;
}

export default function AdminRoot(props: AppProps) {
  return (
    <BrowserRouter>
      <AdminPageViews />
      <App {...props} />
    </BrowserRouter>
  );
}
