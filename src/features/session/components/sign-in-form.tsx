import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { safeNextPath } from '@/config/paths';
import { useApiErrorText } from '@/components/states/use-api-error-text';
import { isApiError } from '@/lib/api-error';
import { runtimeConfigQuery } from '@/lib/runtime-config';
import { getSignOutReason, startSession } from '@/lib/session';
import { startDemo } from '../demo';
import './sign-in.css';

/**
 * The key check needs the events schema, and with it zod: loaded when the promoter starts
 * filling the form (or submits), not before the sign-in screen's first paint.
 */
const loadCheckKey = () => import('../check-key');

type Status = { state: 'idle' } | { state: 'checking' } | { state: 'failed'; error: unknown };

export function SignInForm({ next }: { next: string | null }) {
  const { t } = useTranslation('session');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = { base: useId(), key: useId(), error: useId() };
  const config = useQuery(runtimeConfigQuery);
  const [baseUrl, setBaseUrl] = useState<string | null>(null);
  const [apiKey, setApiKey] = useState('');
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const reason = getSignOutReason();
  const shownBaseUrl = baseUrl ?? config.data?.apiBaseUrl ?? '';

  async function enter(session: Parameters<typeof startSession>[0]) {
    queryClient.clear();
    startSession(session);
    await navigate(safeNextPath(next), { replace: true });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const candidate = { baseUrl: shownBaseUrl.trim(), apiKey: apiKey.trim(), demo: false };
    setStatus({ state: 'checking' });
    try {
      const { checkKey } = await loadCheckKey();
      await checkKey(candidate);
      await enter(candidate);
    } catch (error) {
      setStatus({ state: 'failed', error });
    }
  }

  async function onTryDemo() {
    setStatus({ state: 'checking' });
    try {
      await enter(await startDemo());
    } catch (error) {
      setStatus({ state: 'failed', error });
    }
  }

  const failure = status.state === 'failed' ? status.error : null;
  const failureKind = isApiError(failure) ? failure.kind : 'unexpected';
  const failureText = useApiErrorText(failure);
  const checking = status.state === 'checking';

  return (
    <div className="sign-in">
      <div className="card sign-in__card">
        <h1>{t('title')}</h1>
        <p className="muted">{t('intro')}</p>

        {reason === 'unauthorized' && status.state === 'idle' ? (
          <p className="sign-in__notice" role="status">
            {t('expired')}
          </p>
        ) : null}

        <form
          className="sign-in__form"
          onSubmit={(e) => void onSubmit(e)}
          onFocus={() => void loadCheckKey()}
          noValidate={false}
        >
          <div className="field">
            <label htmlFor={ids.base}>{t('baseUrl.label')}</label>
            <input
              id={ids.base}
              className="input"
              type="text"
              inputMode="url"
              required
              autoComplete="url"
              spellCheck={false}
              value={shownBaseUrl}
              placeholder="https://api.example.com"
              aria-describedby={`${ids.base}-hint`}
              onChange={(e) => setBaseUrl(e.target.value)}
            />
            <span id={`${ids.base}-hint`} className="field__hint">
              {t('baseUrl.hint')}
            </span>
          </div>
          <div className="field">
            <label htmlFor={ids.key}>{t('apiKey.label')}</label>
            <input
              id={ids.key}
              className="input"
              type="password"
              required
              autoComplete="off"
              spellCheck={false}
              value={apiKey}
              aria-describedby={`${ids.key}-hint`}
              aria-invalid={failureKind === 'unauthorized' || undefined}
              onChange={(e) => setApiKey(e.target.value)}
            />
            <span id={`${ids.key}-hint`} className="field__hint">
              {t('apiKey.hint')}
            </span>
          </div>

          {failure ? (
            <div className="sign-in__error" role="alert" id={ids.error}>
              <strong>{failureKind === 'unauthorized' ? t('refused.title') : failureText.title}</strong>
              <p>{failureKind === 'unauthorized' ? t('refused.description') : failureText.description}</p>
            </div>
          ) : null}

          <button type="submit" className="button button--primary" disabled={checking}>
            {checking ? t('checking') : t('submit')}
          </button>
        </form>

        <div className="sign-in__demo">
          <p className="muted">{t('demo.intro')}</p>
          <button type="button" className="button" disabled={checking} onClick={() => void onTryDemo()}>
            {t('demo.button')}
          </button>
        </div>
      </div>
    </div>
  );
}
