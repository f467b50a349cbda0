import { addScreenNamespace } from '@/i18n/screen-namespaces';
import en from '@/i18n/locales/en/device.json';
import fr from '@/i18n/locales/fr/device.json';

// The "On this device" screen's texts come with its code (see addScreenNamespace).
addScreenNamespace('device', { en, fr });
