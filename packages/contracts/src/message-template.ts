/**
 * A message that carries a number (a configured limit, the attempts or venues left) is a template
 * with `{name}` placeholders. The server fills it (`fillMessage`); EN and RU translate the template,
 * and the web reads the values back out of the filled text (message-template-matcher.ts), so a refusal worded
 * with this deployment's limits is still shown in the reader's language.
 */
export type MessageParams = Record<string, string | number>;

const PLACEHOLDER = /\{(\w+)\}/g;

/** `{name}` placeholders filled from params; unknown ones stay visible. */
export function fillMessage(template: string, params: MessageParams): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
