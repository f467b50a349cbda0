import { HeaderIcon } from '@/components/layout/header-icon';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';

/**
 * The header's way to "On this device" (what the encrypted copy keeps, keep for race day,
 * forget this device): an icon with its label; on a phone the label is hidden visually and
 * still names the link, like sign-out. Here, not in the screen's code: the header needs it
 * on every screen.
 */
export function DeviceLink() {
  const { t } = useTranslation();
  return (
    <NavLink to={paths.device.build()} className="button button--ghost device-link">
      {/* A laptop: a screen and its base. */}
      <HeaderIcon className="device-link__icon" path="M5 6a1 1 0 0 1 1-1h12a1 1 0 0 1 1 1v9H5zM3 18h18" />
      <span className="device-link__label">{t('onThisDevice')}</span>
    </NavLink>
  );
}
