import { z } from 'zod';

/**
 * A venue in the public list (`GET /api/venues`, issue 26): what an item's card needs to name and
 * link its venue, and the claim form to say how fast it answers. Apart from venues-api.ts (which
 * imports the organisations' contracts) so the home page's cards load only this.
 */
export const VENUE_LIST_PATH = '/api/venues';

/** A district of the gazetteer, named in the three languages. */
export const venueDistrictSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameEn: z.string(),
  nameRu: z.string(),
});
export type VenueDistrict = z.infer<typeof venueDistrictSchema>;

export const venueSummarySchema = z.object({
  organizationId: z.uuid(),
  slug: z.string(),
  name: z.string(),
  /** The organisation's type (`ORGANIZATION_TYPES`; the page's schema narrows it). */
  type: z.string(),
  /**
   * Issue 26 point 1: the gazetteer's district of the venue's address (the district its place lies
   * in, or the place itself when it is one: 'd-nasimi', «Nəsimi rayonu»), so venues can be picked by
   * type and district; null when the address names no known place (always sent).
   */
  district: venueDistrictSchema.nullable().optional(),
  answerDeadlineHours: z.number().int(),
  medianFirstAnswerMinutes: z.number().int().nullable(),
});
export type VenueSummary = z.infer<typeof venueSummarySchema>;
export const venueListSchema = z.array(venueSummarySchema);
