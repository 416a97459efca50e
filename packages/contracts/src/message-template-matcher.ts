import type { MessageParams } from './message-template';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A matcher of `template` filled: its literal parts exactly, each placeholder one word (a number,
 * a name). Null for a template whose literal text is too short to tell apart from any text.
 */
export function templateMatcher(template: string): ((text: string) => MessageParams | null) | null {
  const parts = template.split(/(\{\w+\})/);
  const names: string[] = [];
  let literal = 0;
  const source = parts
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name === undefined) {
        literal += part.trim().length;
        return escapeRegExp(part);
      }
      // A placeholder written twice must hold the same value both times.
      if (names.includes(name)) return `\\${names.indexOf(name) + 1}`;
      names.push(name);
      return '(\\S+?)';
    })
    .join('');
  if (!names.length || literal < 12) return null;
  const pattern = new RegExp(`^${source}$`, 's');
  return (text) => {
    const match = pattern.exec(text);
    if (!match) return null;
    const params: MessageParams = {};
    names.forEach((name, i) => (params[name] = match[i + 1]!));
    return params;
  };
}
