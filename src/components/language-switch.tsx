import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES } from '@/i18n/languages';
import { useLanguage } from '@/i18n/use-language';
import './language-switch.css';

const LABELS = { fr: 'Français', en: 'English' } as const;
const SHORT = { fr: 'FR', en: 'EN' } as const;

/** Switches the whole UI at once; the data already loaded is re-rendered, not refetched. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = useLanguage();
  return (
    <div className="language-switch" role="group" aria-label={t('language.label')}>
      {SUPPORTED_LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          className="language-switch__option"
          aria-pressed={current === lng}
          onClick={() => void i18n.changeLanguage(lng)}
        >
          <span aria-hidden="true">{SHORT[lng]}</span>
          <span className="visually-hidden">{LABELS[lng]}</span>
        </button>
      ))}
    </div>
  );
}
