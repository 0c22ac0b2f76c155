/** Currencies offered in the list; any other ISO 4217 code can be typed (the server checks it). */
export const commonCurrencies: ReadonlyArray<{ code: string; name: string }> = [
  { code: 'USD', name: 'US dollar' },
  { code: 'EUR', name: 'Euro' },
  { code: 'GBP', name: 'British pound' },
  { code: 'CAD', name: 'Canadian dollar' },
  { code: 'AUD', name: 'Australian dollar' },
  { code: 'NZD', name: 'New Zealand dollar' },
  { code: 'CHF', name: 'Swiss franc' },
  { code: 'SEK', name: 'Swedish krona' },
  { code: 'NOK', name: 'Norwegian krone' },
  { code: 'DKK', name: 'Danish krone' },
  { code: 'PLN', name: 'Polish złoty' },
  { code: 'CZK', name: 'Czech koruna' },
  { code: 'JPY', name: 'Japanese yen' },
  { code: 'CNY', name: 'Chinese yuan' },
  { code: 'INR', name: 'Indian rupee' },
  { code: 'SGD', name: 'Singapore dollar' },
  { code: 'HKD', name: 'Hong Kong dollar' },
  { code: 'AED', name: 'UAE dirham' },
  { code: 'ZAR', name: 'South African rand' },
  { code: 'BRL', name: 'Brazilian real' },
  { code: 'MXN', name: 'Mexican peso' },
];

/** Locales offered for number, money and date formats. */
export const commonLocales: ReadonlyArray<{ tag: string; name: string }> = [
  { tag: 'en-US', name: 'English (United States)' },
  { tag: 'en-GB', name: 'English (United Kingdom)' },
  { tag: 'en-CA', name: 'English (Canada)' },
  { tag: 'en-AU', name: 'English (Australia)' },
  { tag: 'en-IN', name: 'English (India)' },
  { tag: 'de-DE', name: 'Deutsch (Deutschland)' },
  { tag: 'de-CH', name: 'Deutsch (Schweiz)' },
  { tag: 'fr-FR', name: 'Français (France)' },
  { tag: 'fr-CA', name: 'Français (Canada)' },
  { tag: 'es-ES', name: 'Español (España)' },
  { tag: 'es-MX', name: 'Español (México)' },
  { tag: 'it-IT', name: 'Italiano (Italia)' },
  { tag: 'nl-NL', name: 'Nederlands (Nederland)' },
  { tag: 'pt-BR', name: 'Português (Brasil)' },
  { tag: 'pt-PT', name: 'Português (Portugal)' },
  { tag: 'sv-SE', name: 'Svenska (Sverige)' },
  { tag: 'pl-PL', name: 'Polski (Polska)' },
  { tag: 'ja-JP', name: '日本語 (日本)' },
  { tag: 'zh-CN', name: '中文 (中国)' },
];

export function isCommonCurrency(code: string): boolean {
  return commonCurrencies.some((c) => c.code === code.trim().toUpperCase());
}
