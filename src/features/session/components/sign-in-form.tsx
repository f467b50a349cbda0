import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { safeNextPath } from '@/config/paths';
import { ErrorDetails } from '@/components/states/error-details';
import { probeDeviceCopyKey, saveEventsCopy } from '@/engine/copy/device-copy';
import { buildUrl } from '@/lib/api-request-init';
import { ApiError } from '@/lib/api-error';
import { apiPaths } from '@/lib/api-paths';
import { browserSaysOffline, isNetworkFailure, OFFLINE_DETAIL } from '@/lib/offline';
import { runtimeConfigQuery } from '@/lib/runtime-config';
import { apiAddressProblem, rememberApiAddress, rememberedApiAddress } from '@/lib/remembered-api-address';
import { getSignOutReason, startSession } from '@/lib/session';
import { startDemo } from '../demo';
import { useSignInErrorText } from './use-sign-in-error-text';
import './sign-in.css';
// The session namespace's texts, with this code.
import '../i18n';

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

/** The key check not sent because the browser says it is offline, as the details name it. */
function notSent(baseUrl: string): ApiError {
  const url = buildUrl(baseUrl, apiPaths.events());
  return new ApiError({
    kind: 'network',
    endpoint: apiPaths.events(),
    url: `${url.origin}${url.pathname}`,
    detail: OFFLINE_DETAIL,
  });
}

type Status =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'failed'; error: unknown }
  /** `error`: the key check that got no answer, or was not sent, for the details. */
  | { state: 'offline'; refusal: OfflineRefusal; error: ApiError };

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
    if (events !== undefined) void saveEventsCopy(events);
    await navigate(safeNextPath(next), { replace: true });
  }

  /**
   * No network: the key is checked by opening the copy on this device, which only reads it (a
   * mistyped key never discards the race-day data). The key still goes to sessionStorage only.
   */
  async function enterOffline(candidate: Parameters<typeof startSession>[0], networkError: ApiError) {
    const probe = await probeDeviceCopyKey(candidate);
    if (probe === 'ok') await enter(candidate);
    else if (probe === 'wrong-key') setStatus({ state: 'offline', refusal: 'wrongKey', error: networkError });
    else if (networkError.detail === OFFLINE_DETAIL)
      setStatus({ state: 'offline', refusal: 'noCopy', error: networkError });
    // The browser says it is online, yet no answer came: a wrong address, or an API that refuses
    // this site (CORS), looks the same to it. That is not "no internet".
    else setStatus({ state: 'failed', error: networkError });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const candidate = { baseUrl: shownBaseUrl.trim(), apiKey: apiKey.trim(), demo: false };
    setAddressChecked(true);
    // "api.example.com" would be taken for a path of this site: say so before sending anything.
    if (apiAddressProblem(candidate.baseUrl)) return;
    setStatus({ state: 'checking' });
    try {
      if (browserSaysOffline()) return await enterOffline(candidate, notSent(candidate.baseUrl));
      const { checkKey } = await loadCheckKey();
      let events: unknown;
      try {
        events = await checkKey(candidate);
      } catch (error) {
        if (isNetworkFailure(error)) return await enterOffline(candidate, error);
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
  const failureText = useSignInErrorText(failure);
  const offlineText = useSignInErrorText(status.state === 'offline' ? status.error : null);
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
                (failure !== null && failureText.keyRefused) ||
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
              <ErrorDetails lines={offlineText.details} />
            </div>
          ) : null}

          {failure ? (
            <div className="sign-in__error" role="alert" id={ids.error}>
              <strong>{failureText.title}</strong>
              <p>{failureText.description}</p>
              <ErrorDetails lines={failureText.details} />
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
