import fs from 'node:fs';
import path from 'node:path';
import * as announcementsApi from '@tapinti/contracts/announcements-api';
import * as authApi from '@tapinti/contracts/auth-api';
import * as complaintTypes from '@tapinti/contracts/complaint-types';
import * as inputText from '@tapinti/contracts/input-text';
import * as notificationsApi from '@tapinti/contracts/notifications-api';
import * as organizationsApi from '@tapinti/contracts/organizations-api';
import * as passwordPolicy from '@tapinti/contracts/password-policy';
import * as requestsApi from '@tapinti/contracts/requests-api';
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

/**
 * The contracts' messages and labels (`*_MESSAGES`, `*_LABELS`, `*_MESSAGE`): the server answers
 * with them and the web's forms validate with them, so fields, toasts and badges translate those
 * the files hold (a new one shows in Azerbaijani until it is added; templated ones always do).
 */
function contractTexts(): Set<string> {
  const texts = new Set<string>();
  const collect = (value: unknown) => {
    if (typeof value === 'string') texts.add(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  const modules = [
    announcementsApi,
    authApi,
    complaintTypes,
    inputText,
    notificationsApi,
    organizationsApi,
    passwordPolicy,
    requestsApi,
  ];
  for (const module of modules)
    for (const [name, value] of Object.entries(module))
      if (/_(MESSAGES|LABELS|MESSAGE)$/.test(name)) collect(value);
  return texts;
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

  it('no file keeps a text nobody uses', () => {
    const used = usedKeys();
    const contract = contractTexts();
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
