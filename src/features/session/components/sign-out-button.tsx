import { HeaderIcon } from '@/components/layout/header-icon';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { signOut } from '../sign-out';

/** An icon with its label; on a phone the label is hidden visually and still names the button. */
export function SignOutButton() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  async function onClick() {
    await signOut(queryClient, 'signed-out');
    await navigate(paths.signIn.build(), { replace: true });
  }
  return (
    <button type="button" className="button button--ghost sign-out" onClick={() => void onClick()}>
      {/* A door frame and an arrow leaving it. */}
      <HeaderIcon
        className="sign-out__icon"
        path="M10 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h4M15 8l4 4-4 4M19 12H9"
      />
      <span className="sign-out__label">{t('signOut')}</span>
    </button>
  );
}
