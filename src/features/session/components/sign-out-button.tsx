import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { signOut } from '../sign-out';

export function SignOutButton() {
  const { t } = useTranslation('session');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  async function onClick() {
    await signOut(queryClient, 'signed-out');
    await navigate(paths.signIn.build(), { replace: true });
  }
  return (
    <button type="button" className="button button--ghost" onClick={() => void onClick()}>
      {t('signOut')}
    </button>
  );
}
