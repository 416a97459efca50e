import type { EventEffect } from '@tapinti/eventstore/idempotent-consumer';

/**
 * One thing the audit service does with an event. Several effects may apply to one event type;
 * they run in the same transaction, with the same once-only guarantee. Add analytics read
 * models (KPIs, search) by adding entries.
 */
export interface EffectEntry {
  name: string;
  appliesTo(eventType: string): boolean;
  effect: EventEffect;
}

/** The effects that apply to an event type, as one effect, or undefined when none does. */
export function composeEffects(entries: EffectEntry[], eventType: string): EventEffect | undefined {
  const matching = entries.filter((e) => e.appliesTo(eventType));
  if (matching.length === 0) return undefined;
  return async (trx, event) => {
    for (const entry of matching) await entry.effect(trx, event);
  };
}
