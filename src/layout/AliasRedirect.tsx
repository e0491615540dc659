import { generatePath, Navigate, useLocation, useParams } from 'react-router-dom';

/** Redirects a legacy path to its canonical pattern, carrying over `:params`, query and hash. */
export function AliasRedirect({ to }: { to: string }) {
  const params = useParams();
  const { search, hash } = useLocation();
  let pathname = to;
  try {
    pathname = generatePath(to, params);
  } catch {
    pathname = '/';
  }
  return <Navigate to={{ pathname, search, hash }} replace />;
}
