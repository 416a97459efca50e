import fs from 'node:fs';
import path from 'node:path';
import az from './az.json';
import en from './en.json';
import ru from './ru.json';

const SOURCE = path.resolve(__dirname, '..');

/** Every `t('…')` / `msg('…')` literal of the web sources (tests excluded): the texts to translate. */
function usedKeys(): Map<string, string> {
  const keys = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const source = fs.readFileSync(file, 'utf8');
        for (const match of source.matchAll(/\b(?:t|msg)\(\s*(['"])((?:\\.|(?!\1)[^\\])*)\1/g))
          keys.set(
            match[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c)),
            path.relative(SOURCE, file),
          );
      }
    }
  };
  walk(SOURCE);
  return keys;
}

const CONTRACTS = path.resolve(__dirname, '../../../packages/contracts/src');
const contractFiles = () =>
  fs
    .readdirSync(CONTRACTS)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => path.join(CONTRACTS, file));

/** Synthetic issues for error functions that word a message by the input (missing, empty, wrong). */
const PROBE_ISSUES = [undefined, '', 'x', 0, -1, [], {}, null].flatMap((input) =>
  ['invalid_type', 'too_small', 'too_big', 'invalid_format', 'invalid_value', 'custom'].map((code) => ({
    input,
    code,
    minimum: 1,
    maximum: 1,
    origin: 'string',
  })),
);

/**
 * Every message a contract can show a person: each error a zod schema holds (walked through its
 * definition; error functions are called with synthetic issues), the exported `*_MESSAGES`,
 * `*_LABELS`, `*_MESSAGE` constants (superRefine issues come from those), and each literal the
 * sources pass as `message:` or `error:`. Fields, toasts and badges translate them at display time,
 * so a message missing from EN or RU fails here instead of showing in Azerbaijani.
 */
async function contractTexts(): Promise<Set<string>> {
  const texts = new Set<string>();
  const seen = new Set<unknown>();
  const collect = (value: unknown) => {
    if (typeof value === 'string') texts.add(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  const walk = (value: unknown): void => {
    if (!value || (typeof value !== 'object' && typeof value !== 'function') || seen.has(value)) return;
    seen.add(value);
    const def = (value as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    if (def) {
      if (typeof def.error === 'function')
        for (const issue of PROBE_ISSUES) {
          try {
            const message = (def.error as (issue: unknown) => unknown)(issue);
            if (typeof message === 'string') texts.add(message);
            else if (message && typeof message === 'object')
              collect((message as { message?: unknown }).message);
          } catch {
            // An error function that needs a real issue: its literals are found in the source below.
          }
        }
      if (typeof def.getter === 'function') walk((def.getter as () => unknown)());
    }
    if (typeof value === 'object') for (const child of Object.values(value)) walk(child);
  };
  for (const file of contractFiles()) {
    const module = (await import(file)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (/_(MESSAGES|LABELS|MESSAGE|WARNING)$/.test(name)) collect(value);
      walk(value);
    }
    const source = fs.readFileSync(file, 'utf8');
    for (const match of source.matchAll(/\b(?:message|error):\s*(['"])((?:\\.|(?!\1)[^\\])*)\1/g))
      texts.add(match[2]!.replace(/\\(.)/g, '$1'));
  }
  return texts;
}

/** Azerbaijani text (a schema message a person reads), not an identifier or an English developer note. */
const AZERBAIJANI = /[əğıöüşçİƏĞÖÜŞÇ]/;

/**
 * Texts a component shows without `t()`: JSX text, a text attribute, a ternary's capitalised
 * branch, a document title (the places an untranslated 'Yadda saxla' or tab title hid). The
 * brand and the language names are the same in every language.
 */
function untranslatedLiterals(): string[] {
  const found: string[] = [];
  const KEPT = new Set([
    'Tapıntı',
    'SUPPORT_EMAIL',
    'SUPPORT_PHONE',
    'WhatsApp',
    'Telegram',
    'AZ',
    'EN',
    'RU',
    'Promise',
  ]);
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!['test', 'locales'].includes(entry.name)) walk(file);
      } else if (entry.name.endsWith('.tsx') && !entry.name.includes('.test.')) {
        const source = fs
          .readFileSync(file, 'utf8')
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/(^|[^:'"])\/\/.*$/gm, '$1');
        const patterns = [
          />\s*([A-ZƏÖÜŞÇĞİ][\p{L}]+(?:[ :.,-]+[\p{L}\d]+)*[:.]*)\s*</gu,
          /\b(?:label|placeholder|title|aria-label|alt|hint)="([^"]*\p{L}{2}[^"]*)"/gu,
          /[?:]\s*'([A-ZƏÖÜŞÇĞİ][^'\n]*)'\s*[:)}]/gu,
          /useDocumentTitle\(\s*'([^']*)'/gu,
          // A contract's constant shown as is (`{HANDOVER_WARNING}`) instead of `{t(HANDOVER_WARNING)}`.
          />\s*\{([A-Z][A-Z0-9_]{3,})\}\s*</gu,
        ];
        for (const pattern of patterns)
          for (const match of source.matchAll(pattern))
            if (!KEPT.has(match[1]!.trim())) found.push(`${path.relative(SOURCE, file)}: ${match[1]}`);
      }
    }
  };
  walk(SOURCE);
  return found;
}

const placeholders = (text: string) => [...text.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort();

describe('translations', () => {
  const files = { az, en, ru } as Record<string, Record<string, string>>;

  it('the three files have the same keys', () => {
    const azKeys = Object.keys(az).sort();
    expect(Object.keys(en).sort()).toEqual(azKeys);
    expect(Object.keys(ru).sort()).toEqual(azKeys);
  });

  it('every text the source translates is in all three files', () => {
    const missing = [...usedKeys()]
      .filter(([key]) => Object.values(files).some((file) => !(key in file)))
      .map(([key, file]) => `${file}: ${key}`);
    expect(missing).toEqual([]);
  });

  it('every message a contract schema can produce is in all three files', async () => {
    const missing = [...(await contractTexts())]
      .filter((text) => AZERBAIJANI.test(text) && !/\$\{/.test(text))
      .filter((text) => Object.values(files).some((file) => !(text in file)));
    expect(missing.sort()).toEqual([]);
  });

  it('no component shows a text without translating it', () => {
    expect(untranslatedLiterals()).toEqual([]);
  });

  it('no file keeps a text nobody uses', async () => {
    const used = usedKeys();
    const contract = await contractTexts();
    expect(Object.keys(az).filter((key) => !used.has(key) && !contract.has(key))).toEqual([]);
  });

  it('English and Russian are real translations with the same placeholders', () => {
    for (const [key, text] of Object.entries(az)) {
      expect(text).toBe(key);
      for (const file of [en, ru] as Record<string, string>[]) {
        expect(file[key]?.trim()).toBeTruthy();
        expect(placeholders(file[key]!)).toEqual(placeholders(key));
      }
    }
  });
});

/**
 * A feature's own documents (`features/<feature>/locales/{az,en,ru}.json`: long texts only its
 * pages load, such as the help centre's articles), read from disk: shared code imports no feature.
 */
function featureDocuments(): { feature: string; az: unknown; en: unknown; ru: unknown }[] {
  const features = path.join(SOURCE, 'features');
  const read = (feature: string, language: string) =>
    JSON.parse(
      fs.readFileSync(path.join(features, feature, 'locales', `${language}.json`), 'utf8'),
    ) as unknown;
  return fs
    .readdirSync(features)
    .filter((feature) => fs.existsSync(path.join(features, feature, 'locales')))
    .map((feature) => ({
      feature,
      az: read(feature, 'az'),
      en: read(feature, 'en'),
      ru: read(feature, 'ru'),
    }));
}

/** Fields that are the same in every language: an article's address, a view count. */
const LANGUAGE_FREE = new Set(['slug', 'views']);

/** A document with each text replaced by a mark: what the three languages must share. */
function skeleton(value: unknown, key = ''): unknown {
  if (typeof value === 'string') return LANGUAGE_FREE.has(key) ? value : 'text';
  if (Array.isArray(value)) return value.map((item) => skeleton(item));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, skeleton(v, k)]));
  return value;
}

/** A document's texts in order (titles, summaries, headings, paragraphs, list items…). */
function textsOf(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return LANGUAGE_FREE.has(key) ? [] : [value];
  if (Array.isArray(value)) return value.flatMap((item) => textsOf(item));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => textsOf(v, k));
  return [];
}

describe("features' own documents (the help centre's articles)", () => {
  const documents = featureDocuments();

  it('the help centre has its articles there', () => {
    expect(documents.map((d) => d.feature)).toContain('help');
  });

  it('each document is in all three languages with the same structure', () => {
    for (const { feature, az: azerbaijani, en: english, ru: russian } of documents) {
      expect({ feature, structure: skeleton(english) }).toEqual({
        feature,
        structure: skeleton(azerbaijani),
      });
      expect({ feature, structure: skeleton(russian) }).toEqual({
        feature,
        structure: skeleton(azerbaijani),
      });
    }
  });

  it('English and Russian are real translations of every text', () => {
    for (const { feature, az: azerbaijani, en: english, ru: russian } of documents) {
      const source = textsOf(azerbaijani);
      expect(source.every((text) => text.trim())).toBe(true);
      for (const translated of [textsOf(english), textsOf(russian)]) {
        expect(translated).toHaveLength(source.length);
        const untranslated = translated.filter((text, i) => !text.trim() || text === source[i]);
        expect({ feature, untranslated }).toEqual({ feature, untranslated: [] });
      }
    }
  });
});
