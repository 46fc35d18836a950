// The invoice screens' texts in de, en, ru and it under the `ui` namespace; each app adds them
// to its own i18next instance (`i18n.addResourceBundle(lang, UI_NAMESPACE, uiResources[lang])`).
import { de } from './de.js';
import { en, type UiTexts } from './en.js';
import { it } from './it.js';
import { ru } from './ru.js';

export const UI_NAMESPACE = 'ui';
export const UI_LANGUAGES = ['de', 'en', 'ru', 'it'] as const;
export const uiResources: Record<(typeof UI_LANGUAGES)[number], UiTexts> = { de, en, ru, it };
export type { UiTexts };
