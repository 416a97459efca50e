/**
 * Issue 21: what a free text someone is about to read may be warned about (a claim's message and
 * answers): the signs that hold an announcement for review (`@tapinti/text/risk-signals`). A
 * phone number is not one (claimants share theirs).
 */
export const TEXT_WARNINGS = ['money-request', 'card-number', 'link'] as const;
export type TextWarning = (typeof TEXT_WARNINGS)[number];

/** What the reader is told next to such a text (the web translates them; key = Azerbaijani text). */
export const TEXT_WARNING_MESSAGES: Record<TextWarning, string> = {
  'money-request':
    'Diqqət: bu mesajda qabaqcadan pul istənilir. Əşyanı əlinizə almadan heç vaxt pul göndərməyin.',
  'card-number': 'Diqqət: bu mesajda kart nömrəsi var. Əşyanı əlinizə almadan heç bir karta pul köçürməyin.',
  link: 'Diqqət: bu mesajda keçid var. Tanımadığınız saytlarda kart məlumatlarınızı daxil etməyin.',
};
