import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useAwaitingOtherTab } from '../session-handover';

/**
 * Sends a signed-out visitor to sign-in, remembering where they were going; a new tab first
 * waits briefly for another tab's session (see session-handover.ts).
 */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  const awaitingOtherTab = useAwaitingOtherTab();
  if (!session && awaitingOtherTab) return <div className="page" aria-busy="true" />;
  if (!session) {
    return <Navigate to={paths.signIn.build(location.pathname + location.search)} replace />;
  }
  return <Outlet />;
}
