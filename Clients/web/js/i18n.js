// The page's own few labels in the SDK locale (the models carry every other text).

const labels = {
  en: {
    session: 'Session', signIn: 'Sign in', inquiry: 'Inquiry', vault: 'Vault', documents: 'Documents',
    language: 'Language', guest: 'Guest', signOut: 'Sign out', loading: 'Loading…',
  },
  de: {
    session: 'Sitzung', signIn: 'Anmelden', inquiry: 'Verifizierung', vault: 'Tresor', documents: 'Dokumente',
    language: 'Sprache', guest: 'Gast', signOut: 'Abmelden', loading: 'Wird geladen…',
  },
};

let current = 'en';

export function setLocale(locale) {
  current = (locale ?? 'en').split('-')[0] in labels ? (locale ?? 'en').split('-')[0] : 'en';
  document.documentElement.lang = current;
}

export function locale() {
  return current;
}

/** The label `key` in the SDK language (English when the language has none). */
export function t(key) {
  return labels[current][key] ?? labels.en[key] ?? key;
}

/** Adds labels of a screen module, per language. */
export function addLabels(more) {
  for (const [language, entries] of Object.entries(more)) Object.assign(labels[language] ??= {}, entries);
}

/** The label `key` in `language` (a locale such as `de-CH` works), English when that language has none. */
export function labelIn(language, key) {
  const primary = (language ?? current).split('-')[0];
  return labels[primary]?.[key] ?? labels.en[key] ?? key;
}
