import { Prose } from '../info-page';

/** A legal text's title and its paragraphs; several paragraphs show as a list. */
export type LegalSection = readonly [title: string, paragraphs: string | readonly string[]];

/** Numbered sections of the terms and the privacy policy. */
export function LegalSections({ sections }: { sections: readonly LegalSection[] }) {
  return (
    <Prose>
      {sections.map(([title, text], i) => {
        const paragraphs = typeof text === 'string' ? [text] : text;
        return (
          <section key={title}>
            <h2>
              {i + 1}. {title}
            </h2>
            {paragraphs.length > 1 ? (
              <ul>
                {paragraphs.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            ) : (
              <p>{paragraphs[0]}</p>
            )}
          </section>
        );
      })}
    </Prose>
  );
}
