import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { safeNextPath } from '@/config/paths';
import { useApiErrorText } from '@/components/states/use-api-error-text';
import { isApiError } from '@/lib/api-error';
import { probeDeviceCopyKey, saveEventsCopy } from '@/lib/device-copy/device-copy-client';
import { browserSaysOffline, isNetworkFailure } from '@/lib/offline';
import { runtimeConfigQuery } from '@/lib/runtime-config';
import { apiAddressProblem, rememberApiAddress, rememberedApiAddress } from '@/lib/remembered-api-address';
import { getSignOutReason, startSession } from '@/lib/session';
import { startDemo } from '../demo';
import './sign-in.css';

/**
 * The key check needs the events schema, and with it zod: loaded when the promoter starts
 * filling the form (or submits), not before the sign-in screen's first paint.
 */
const loadCheckKey = () => import('../check-key');

/**
 * Offline, the key was checked against the copy on this device and did not sign in:
 * 'wrongKey', it does not open the copy (which stays as it was); 'noCopy', there is none.
 */
type OfflineRefusal = 'wrongKey' | 'noCopy';

type Status =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'failed'; error: unknown }
  | { state: 'offline'; refusal: OfflineRefusal };

export function SignInForm({ next }: { next: string | null }) {
  const { t } = useTranslation('session');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = { base: useId(), key: useId(), error: useId() };
  const config = useQuery(runtimeConfigQuery);
  const [baseUrl, setBaseUrl] = useState<string | null>(null);
  const [remembered] = useState(rememberedApiAddress);
  const [addressChecked, setAddressChecked] = useState(false);
  const [apiKey, setApiKey] = useState('');
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const reason = getSignOutReason();
  const shownBaseUrl = baseUrl ?? remembered ?? config.data?.apiBaseUrl ?? '';
  const addressProblem = addressChecked ? apiAddressProblem(shownBaseUrl) : null;

  async function enter(session: Parameters<typeof startSession>[0], events?: unknown) {
    queryClient.clear();
    startSession(session);
    if (!session.demo) rememberApiAddress(session.baseUrl);
    // The key check's answer is the events list: kept on the device for a sign-in without network.
    if (events !== undefined) saveEventsCopy(events);
    await navigate(safeNextPath(next), { replace: true });
  }

  /**
   * No network: the key is checked by opening the copy on this device, which only reads it (a
   * mistyped key never discards the race-day data). The key still goes to sessionStorage only.
   */
  async function enterOffline(candidate: Parameters<typeof startSession>[0]) {
    const probe = await probeDeviceCopyKey(candidate);
    if (probe === 'ok') await enter(candidate);
    else setStatus({ state: 'offline', refusal: probe === 'wrong-key' ? 'wrongKey' : 'noCopy' });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const candidate = { baseUrl: shownBaseUrl.trim(), apiKey: apiKey.trim(), demo: false };
    setAddressChecked(true);
    // "api.example.com" would be taken for a path of this site: say so before sending anything.
    if (apiAddressProblem(candidate.baseUrl)) return;
    setStatus({ state: 'checking' });
    try {
      if (browserSaysOffline()) return await enterOffline(candidate);
      const { checkKey } = await loadCheckKey();
      let events: unknown;
      try {
        events = await checkKey(candidate);
      } catch (error) {
        if (isNetworkFailure(error)) return await enterOffline(candidate);
        throw error;
      }
      await enter(candidate, events);
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
              aria-describedby={`${ids.base}-hint${addressProblem ? ` ${ids.base}-problem` : ''}`}
              aria-invalid={addressProblem ? true : undefined}
              onChange={(e) => setBaseUrl(e.target.value)}
            />
            <span id={`${ids.base}-hint`} className="field__hint">
              {t('baseUrl.hint')}
            </span>
            {addressProblem ? (
              <span id={`${ids.base}-problem`} className="field__error" role="alert">
                {t('baseUrl.missingScheme', { example: `https://${shownBaseUrl.trim()}` })}
              </span>
            ) : null}
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
              aria-invalid={
                failureKind === 'unauthorized' ||
                (status.state === 'offline' && status.refusal === 'wrongKey') ||
                undefined
              }
              onChange={(e) => setApiKey(e.target.value)}
            />
            <span id={`${ids.key}-hint`} className="field__hint">
              {t('apiKey.hint')}
            </span>
          </div>

          {status.state === 'offline' ? (
            <div className="sign-in__offline" role="alert" id={ids.error}>
              <strong>{t(`offline.${status.refusal}.title`)}</strong>
              <p>{t(`offline.${status.refusal}.description`)}</p>
            </div>
          ) : null}

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
