import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';

/** Sends a signed-out visitor to sign-in, remembering where they were going. */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    return <Navigate to={paths.signIn.build(location.pathname + location.search)} replace />;
  }
  return <Outlet />;
}
