import { useTranslation } from 'react-i18next';
import './states.css';

/**
 * The technical side of a failure, folded: a promoter reads what happened and what to do;
 * whoever helps them opens "Details" for the address, the status and the raw error.
 */
export function ErrorDetails({ lines }: { lines: readonly string[] }) {
  const { t } = useTranslation('errors');
  if (lines.length === 0) return null;
  return (
    <details className="error-details">
      <summary>{t('details.summary')}</summary>
      <p>{t('details.intro')}</p>
      <ul>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </details>
  );
}
