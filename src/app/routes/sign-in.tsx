import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { safeNextPath } from '@/config/paths';
import { useDocumentTitle } from '@/components/use-document-title';
import { useSession } from '@/lib/session';
import { SignInForm } from '@/features/session/components/sign-in-form';
import { useAwaitingOtherTab } from '@/features/session/session-handover';
// The sign-in screen's texts, with its code.
import '@/features/session/i18n';

export function SignInRoute() {
  const { t } = useTranslation('session');
  const [search] = useSearchParams();
  const session = useSession();
  const next = search.get('next');
  const awaitingOtherTab = useAwaitingOtherTab();
  useDocumentTitle(t('title'));
  if (session) return <Navigate to={safeNextPath(next)} replace />;
  // No flash of the form in a new tab that is about to get another tab's session.
  if (awaitingOtherTab) return <div className="page" aria-busy="true" />;
  return <SignInForm next={next} />;
}
