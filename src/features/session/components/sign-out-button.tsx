import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { signOut } from '../sign-out';

/** An icon with its label; on a phone the label is hidden visually and still names the button. */
export function SignOutButton() {
  const { t } = useTranslation('session');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  async function onClick() {
    await signOut(queryClient, 'signed-out');
    await navigate(paths.signIn.build(), { replace: true });
  }
  return (
    <button type="button" className="button button--ghost sign-out" onClick={() => void onClick()}>
      <svg
        className="sign-out__icon"
        viewBox="0 0 24 24"
        width="20"
        height="20"
        aria-hidden="true"
        focusable="false"
      >
        {/* A door frame and an arrow leaving it. */}
        <path
          d="M10 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h4M15 8l4 4-4 4M19 12H9"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="sign-out__label">{t('signOut')}</span>
    </button>
  );
}
