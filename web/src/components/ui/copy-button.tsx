import { useState } from 'react';
import { Button } from './button';
import { useT } from '../../lib/i18n';

export interface CopyButtonProps {
  /** What goes to the clipboard. */
  text: string;
  /** The button's text before copying (already translated). */
  label: string;
}

/** Copies a text (an ID, a complaint number) and says so; the one copy button of the site. */
export function CopyButton({ text, label }: CopyButtonProps) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(text);
    setCopied(true);
  };
  return (
    <Button size="sm" variant="outline" onClick={() => void copy()}>
      {copied ? t('Kopyalandı') : label}
    </Button>
  );
}
