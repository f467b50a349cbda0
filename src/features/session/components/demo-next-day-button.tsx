import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session';
import { sendDemoControl } from '../demo';
import './demo-next-day.css';
// The session namespace's texts, with this code.
import '../i18n';

/**
 * In a demo session only: moves the built-in demo API one day ahead (new sign-ups, payments,
 * cancellations, refunds, category moves, answer edits, deletions), then checks every list on
 * screen for changes, so "what changed" can be tried without waiting a day.
 */
export function DemoNextDayButton() {
  const { t } = useTranslation('session');
  const session = useSession();
  const client = useQueryClient();
  const [state, setState] = useState<'idle' | 'moving' | 'moved' | 'failed'>('idle');
  if (!session?.demo) return null;

  async function onClick() {
    setState('moving');
    try {
      const response = await sendDemoControl('advance', { days: 1 });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      await client.refetchQueries({ type: 'active' });
      setState('moved');
    } catch {
      setState('failed');
    }
  }

  return (
    <span className="demo-next-day">
      <button
        type="button"
        className="button button--ghost"
        onClick={() => void onClick()}
        disabled={state === 'moving'}
      >
        {t('demoNextDay.button')}
      </button>
      <span role="status" className="muted demo-next-day__status">
        {state === 'moved' ? t('demoNextDay.moved') : state === 'failed' ? t('demoNextDay.failed') : ''}
      </span>
    </span>
  );
}
