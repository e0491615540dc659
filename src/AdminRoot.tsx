/**
 * The admin app with its router (its own chunk: react-router never reaches the login page). main.tsx
 * renders it lazily once an organisation is chosen; tests render App inside their own router. Page
 * views are reported by the page frame (src/layout/Page.tsx), so a redirect reports none.
 */
import { BrowserRouter } from 'react-router-dom';
import App, { type AppProps } from './App';

export default function AdminRoot(props: AppProps) {
  return (
    <BrowserRouter>
      <App {...props} />
    </BrowserRouter>
  );
}
