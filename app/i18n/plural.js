// Plural forms by a language's own rules (CLDR, through Intl.PluralRules):
//   const plural = pluralRules("en");  plural(n, { one: "1 hint", other: `${n} hints` })
export function pluralRules(locale) {
  const rules = new Intl.PluralRules(locale);
  return (count, forms) => forms[rules.select(count)] ?? forms.other;
}
