import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router-dom';
import { safeNextPath } from '@/config/paths';
import { useDocumentTitle } from '@/components/use-document-title';
import { useSession } from '@/lib/session';
import { SignInForm } from '@/features/session/components/sign-in-form';

export function SignInRoute() {
  const { t } = useTranslation('session');
  const [search] = useSearchParams();
  const session = useSession();
  const next = search.get('next');
  useDocumentTitle(t('title'));
  if (session) return <Navigate to={safeNextPath(next)} replace />;
  return <SignInForm next={next} />;
}
