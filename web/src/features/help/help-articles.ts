import { use, useDeferredValue } from 'react';
import { foldedWordsOf, foldLetters } from '@tapinti/text/search-folding';
import { useI18n, type Language } from '../../lib/i18n';

/** One part of an article: a heading, then paragraphs and/or a list (numbered when `ordered`). */
export interface HelpSection {
  heading: string;
  paragraphs?: string[];
  list?: string[];
  ordered?: boolean;
}

export interface HelpArticle {
  slug: string;
  title: string;
  /** One sentence under the title and in search results. */
  summary: string;
  sections: HelpSection[];
}

export interface HelpCategory {
  title: string;
  articles: HelpArticle[];
}

/** One of the spec's five popular questions, answered by the article `slug`. */
export interface PopularQuestion {
  slug: string;
  views: string;
  title: string;
}

/** The help centre's content in one language: four categories of four articles and the popular questions (spec §2). */
export interface HelpCentre {
  categories: HelpCategory[];
  popular: PopularQuestion[];
}

/**
 * The articles are long texts only the help pages show, so each language has a file of its own
 * (`./locales/{az,en,ru}.json`, the same structure in each; `locales.test.ts` checks it), loaded
 * on demand like the site's dictionaries: none of it is in the home page's JavaScript.
 */
const HELP_CENTRE_LOADERS: Record<Language, () => Promise<HelpCentre>> = {
  az: () => import('./locales/az.json').then((m) => m.default),
  en: () => import('./locales/en.json').then((m) => m.default),
  ru: () => import('./locales/ru.json').then((m) => m.default),
};

const loaded = new Map<Language, Promise<HelpCentre>>();

function helpCentreIn(language: Language): Promise<HelpCentre> {
  let content = loaded.get(language);
  if (!content) {
    content = HELP_CENTRE_LOADERS[language]();
    // Offline or a stale deployment: the next visit asks again.
    content.catch(() => loaded.delete(language));
    loaded.set(language, content);
  }
  return content;
}

/**
 * The help centre in the language shown. The page waits for its file (the route's Suspense);
 * after a language change it keeps the previous language's articles on screen until the new
 * file is there.
 */
export function useHelpCentre(): HelpCentre {
  const language = useDeferredValue(useI18n().language);
  return use(helpCentreIn(language));
}

export function findHelpArticle(
  help: HelpCentre,
  slug: string | undefined,
): { article: HelpArticle; category: HelpCategory } | undefined {
  for (const category of help.categories) {
    const article = category.articles.find((a) => a.slug === slug);
    if (article) return { article, category };
  }
  return undefined;
}

function articleText(article: HelpArticle): string {
  return [
    article.title,
    article.summary,
    ...article.sections.flatMap((s) => [s.heading, ...(s.paragraphs ?? []), ...(s.list ?? [])]),
  ].join('\n');
}

interface SearchIndex {
  articles: HelpArticle[];
  title: Map<HelpArticle, string>;
  text: Map<HelpArticle, string>;
}

/** The folded texts of one language's articles, made once per language. */
const searchIndexes = new WeakMap<HelpCentre, SearchIndex>();

function searchIndex(help: HelpCentre): SearchIndex {
  let index = searchIndexes.get(help);
  if (!index) {
    const articles = help.categories.flatMap((c) => c.articles);
    index = {
      articles,
      title: new Map(articles.map((a) => [a, foldLetters(a.title)])),
      text: new Map(articles.map((a) => [a, foldLetters(articleText(a))])),
    };
    searchIndexes.set(help, index);
  }
  return index;
}

/**
 * The articles whose text, in the language of `help`, contains every word of the query, folded as
 * the announcement search folds ('PULQABI', 'pulqabi' and 'pulqabı' are one word, so are 'sifre'
 * and 'şifrə'; case and ё/е do not count in English and Russian; punctuation is no word); those
 * matching in the title first.
 */
export function searchHelpArticles(help: HelpCentre, query: string): HelpArticle[] {
  const index = searchIndex(help);
  const words = foldedWordsOf(query);
  if (words.length === 0) return index.articles;
  const matches = index.articles.filter((a) => words.every((w) => index.text.get(a)!.includes(w)));
  const inTitle = (a: HelpArticle) => words.every((w) => index.title.get(a)!.includes(w));
  return [...matches.filter(inTitle), ...matches.filter((a) => !inTitle(a))];
}
